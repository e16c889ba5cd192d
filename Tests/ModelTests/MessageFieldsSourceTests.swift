import Foundation
import ScrollbackModel
import TestSupport
import Testing

@Suite("Message fields source")
struct MessageFieldsSourceTests {
    @Test("The storage, reader, writer and merge code is the code generated from the current Message.fields")
    func generatedFromTheDeclaration() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Fixtures.packageRoot.appendingPathComponent("scripts/generate-message-fields.py").path,
            "--check",
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
    }

    @Test("Every declared field is a property of its own, with its own JSON key")
    func declaredOnce() {
        let keys = Message.fields.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(Set(Message.fields.map(\.keyPath)).count == keys.count)
        #expect(Set(Message.nativeLineOrder).isSubset(of: keys))
    }
}
