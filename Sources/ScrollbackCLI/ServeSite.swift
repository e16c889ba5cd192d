import Foundation
import Scrollback
import ScrollbackServe

/// `serve` with several inputs: the site `scrollback site` builds, in a private folder, built
/// again when an input changes; every HTML page is a live page, every other file is served as
/// the build wrote it.
final class ServeSite: @unchecked Sendable {
    private let inputs: [SiteInput]
    private let options: SiteOptions
    private let folder: String
    private let token: String
    private let console: Console
    private var channels: [String: LiveChannel] = [:]
    private var documents: [String: LiveDocument] = [:]
    private(set) var resources: [String: LiveServer.Resource] = [:]

    init(inputs paths: [String], arguments: Arguments, options render: RenderOptions, token: String, console: Console)
        throws
    {
        let format = try SharedOptions.inputFormat(arguments)
        let readOptions = try SharedOptions.readOptions(arguments)
        inputs = paths.map { SiteInput(path: $0, format: format, readOptions: readOptions) }
        var options = try SiteCommand.siteOptions(arguments, console: console)
        options.layout = render.layout
        options.force = true
        self.options = options
        self.token = token
        self.console = console
        folder = NSTemporaryDirectory() + "scrollback-serve-\(getpid())-\(token)"
        try build()
    }

    deinit { remove() }

    /// Removes the private folder the site was built in.
    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// Builds the site again whenever an input changes; never returns.
    func watch(_ server: LiveServer) {
        var stamps = inputs.map { FileStamp($0.path) }
        while true {
            usleep(500_000)
            let now = inputs.map { FileStamp($0.path) }
            guard now != stamps else { continue }
            stamps = now
            do {
                try build()
                server.update(resources)
            } catch {
                console.error(String(describing: error))  // the last good site stays up
            }
        }
    }

    /// Builds the site and brings every page's channel up to date.
    private func build() throws {
        let console = self.console
        _ = try SiteBuilder.build(inputs, into: folder, options: options, warn: { console.warning($0) })
        var table: [String: LiveServer.Resource] = [:]
        let files = FileManager.default.enumerator(atPath: folder)
        while let relative = files?.nextObject() as? String {
            let path = folder + "/" + relative
            var isFolder: ObjCBool = false
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            let address = "/" + relative
            guard relative.hasSuffix(".html"), let data = FileManager.default.contents(atPath: path) else {
                table[address] = .file(path: path)
                continue
            }
            let page = String(decoding: data, as: UTF8.self)
            if var document = documents[address], let channel = channels[address] {
                let change = document.update(page: page)
                documents[address] = document
                channel.publish(change, document: document)
            } else {
                let document = LiveDocument(page: page)
                documents[address] = document
                channels[address] = LiveChannel(document: document, token: token)
            }
            table[address] = .page(channels[address]!)
            if relative == "index.html" { table["/"] = table[address] }
        }
        resources = table
    }
}
