import ScrollbackModel

/// What one ChatGPT `message` shows: who, what text, which images, and whether it is hidden.
enum ChatGPTContent {
    /// The message, or `nil` when it has nothing to show (empty system prompts, empty placeholders).
    /// The caller sets `id`, `time` and `location`.
    static func message(_ value: JSONValue, files: [String]) -> Message? {
        let role = value["author"]?["role"]?.string ?? "assistant"
        let content = value["content"]
        let type = content?["content_type"]?.string ?? "text"
        let read = body(of: content, type: type, files: files)
        let text = MarkdownText.tidy(read.text)
        let attachments = read.attachments
        var hidden = read.hidden
        guard !text.isEmpty || !attachments.isEmpty else { return nil }

        var message = Message(id: "", sender: role, time: Timestamp(seconds: 0), text: text)
        message.attachments = attachments
        switch role {
        case "user":
            // ChatGPT shows what the person typed as it is, not as Markdown.
            message.format = type == "text" || type == "multimodal_text" ? .plain : .markdown
        case "assistant": break
        case "system":
            message.kind = .system
            message.sender = nil
            hidden = true
        case _ where !attachments.isEmpty:
            // A tool's image (image generation) is shown in the chat as the assistant's answer.
            message.sender = "assistant"
            message.text = ""
        default:
            message.sender = "tool"
            hidden = true
        }
        let metadata = value["metadata"]
        if metadata?["is_visually_hidden_from_conversation"]?.bool == true
            || metadata?["is_thinking_preamble_message"]?.bool == true
            || metadata?["is_user_system_message"]?.bool == true
        {
            hidden = true
        }
        // Messages the assistant addresses to a tool (code to run, a search) are not part of the chat.
        if let recipient = value["recipient"]?.string, recipient != "all" { hidden = true }
        message.hidden = hidden
        if let model = metadata?["model_slug"]?.string { message.meta = .object(["model": .string(model)]) }
        return message
    }

    /// What a message's `content` of `type` says: its text, its images, and whether it is kept
    /// hidden (tool talk, reasoning, content types the chat does not show).
    private static func body(of content: JSONValue?, type: String, files: [String]) -> (
        text: String, attachments: [Attachment], hidden: Bool
    ) {
        var text = ""
        var attachments: [Attachment] = []
        var hidden = false
        switch type {
        case "text", "multimodal_text":
            var pieces: [String] = []
            for part in content?["parts"]?.array ?? [] {
                if let string = part.string {
                    if !string.isEmpty { pieces.append(string) }
                } else if let attachment = asset(part, files: files) {
                    attachments.append(attachment)
                } else if let string = part["text"]?.string {
                    pieces.append(string)
                }
            }
            text = pieces.joined(separator: "\n\n")
        case "code":
            // Shown when addressed to the chat (`recipient` "all"); code sent to a tool is hidden below.
            text = MarkdownText.codeBlock(content?["text"]?.string ?? "", language: content?["language"]?.string)
        case "execution_output":
            text = MarkdownText.codeBlock(content?["text"]?.string ?? "")
            hidden = true
        case "reasoning_recap":
            text = content?["content"]?.string ?? ""
            hidden = true
        case "thoughts":
            text = (content?["thoughts"]?.array ?? []).compactMap { $0["content"]?.string ?? $0["summary"]?.string }
                .joined(separator: "\n\n")
            hidden = true
        default:
            // tether_quote, user_editable_context, system_error, …: kept, not shown.
            text = content?["text"]?.string ?? content?["result"]?.string ?? content?["content"]?.string ?? ""
            hidden = true
        }
        return (text, attachments, hidden)
    }

    /// An image part (`image_asset_pointer`), linked to its file beside the export when there is one.
    private static func asset(_ part: JSONValue, files: [String]) -> Attachment? {
        guard part["content_type"]?.string == "image_asset_pointer" || part["asset_pointer"] != nil else { return nil }
        let pointer = part["asset_pointer"]?.string ?? ""
        let id = pointer.split(separator: "/").last.map(String.init) ?? pointer
        var attachment = Attachment(type: "image", name: id, alt: "image")
        attachment.width = part["width"]?.int
        attachment.height = part["height"]?.int
        attachment.size = part["size_bytes"]?.int
        if !id.isEmpty, let file = files.first(where: { $0.hasPrefix(id) }) { attachment.path = file }
        return attachment
    }
}
