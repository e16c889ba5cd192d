/// The templates and stylesheets compiled into the binary, by file name.
package enum BuiltinTemplates {
    /// Every built-in file: `page.mustache`, `base.css`, ….
    package static let files: [String: String] = [
        "page.mustache": text(PackageResources.page_mustache),
        "day.mustache": text(PackageResources.day_mustache),
        "chain.mustache": text(PackageResources.chain_mustache),
        "message.mustache": text(PackageResources.message_mustache),
        "base.css": text(PackageResources.base_css),
        "theme-discord.chain.mustache": text(PackageResources.theme_discord_chain_mustache),
        "theme-imessage.css": text(PackageResources.theme_imessage_css),
        "theme-whatsapp.css": text(PackageResources.theme_whatsapp_css),
        "theme-discord.css": text(PackageResources.theme_discord_css),
        "theme-plain.css": text(PackageResources.theme_plain_css),
        "site.css": text(PackageResources.site_css),
        "search.js": text(PackageResources.search_js),
        "live.js": text(PackageResources.live_js),
        "live.css": text(PackageResources.live_css),
    ]

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
