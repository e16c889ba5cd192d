import ScrollbackLayout
import ScrollbackModel
import ScrollbackReaders
import ScrollbackRender

/// Builds a static site of many conversations (`scrollback site`).
public enum SiteBuilder {}
