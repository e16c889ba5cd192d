import Foundation
import ScrollbackReaders
import ScrollbackRender
import TestSupport
import Testing

/// The official Mustache spec's core tests, read from the shared fixtures.
@Suite("Mustache spec")
struct MustacheSpecTests {
    struct SpecCase: CustomTestStringConvertible, Sendable {
        let file: String
        let name: String
        let template: String
        let data: JSONValue
        let partials: [String: String]
        let expected: String
        var testDescription: String { "\(file): \(name)" }
    }

    static let files = ["interpolation", "sections", "inverted", "comments", "partials", "delimiters"]

    static let cases: [SpecCase] = files.flatMap { file -> [SpecCase] in
        guard let folder = Fixtures.shared?.appendingPathComponent("mustache-spec"),
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file + ".json").path),
            let root = try? JSONParser.parse([UInt8](data)), case .array(let tests)? = root["tests"]?.kind
        else { return [] }
        return tests.compactMap { test in
            guard case .string(let name)? = test["name"]?.kind, case .string(let template)? = test["template"]?.kind,
                case .string(let expected)? = test["expected"]?.kind, let data = test["data"]
            else { return nil }
            var partials: [String: String] = [:]
            if case .object(let members)? = test["partials"]?.kind {
                for member in members {
                    if case .string(let text) = member.value.kind { partials[member.key] = text }
                }
            }
            return SpecCase(
                file: file, name: name, template: template, data: data, partials: partials, expected: expected)
        }
    }

    @Test("The spec's core files are all present")
    func specIsPresent() {
        #expect(Self.cases.count >= 130)
    }

    @Test("Renders as the spec expects", arguments: cases)
    func rendersAsSpecified(_ spec: SpecCase) throws {
        var sources = spec.partials
        sources["\u{1}main"] = spec.template
        let library = try MustacheLibrary(sources: sources)
        var output = ""
        library.render("\u{1}main", Self.value(spec.data), to: &output)
        #expect(output == spec.expected)
    }

    static func value(_ json: JSONValue) -> MustacheValue {
        switch json.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .number(let text):
            guard let number = Double(text) else { return .string(text) }
            if number == number.rounded(), abs(number) < 1e15 { return .string(String(Int(number))) }
            return .string(String(number))
        case .array(let values): return .list(values.map(value))
        case .object(let members):
            var dictionary: [String: MustacheValue] = [:]
            for member in members { dictionary[member.key] = value(member.value) }
            return .dictionary(dictionary)
        }
    }
}
