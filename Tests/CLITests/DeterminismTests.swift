import Foundation
import TestSupport
import Testing

@Suite("Determinism: output does not depend on the machine's zone, locale or clock")
struct DeterminismTests {
    static let environments: [[String: String]] = [
        ["TZ": "UTC", "LANG": "C"],
        ["TZ": "Pacific/Kiritimati", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"],
        ["TZ": "America/St_Johns", "LANG": "ja_JP.UTF-8", "LC_TIME": "ar_EG.UTF-8"],
        ["TZ": "Asia/Kathmandu", "LANG": "fr_FR.UTF-8", "SOURCE_DATE_EPOCH": "0"],
    ]

    @Test("The same example renders byte-identically under every TZ and LANG", arguments: ["json", "text", "html"])
    func sameBytes(format: String) throws {
        let example = Fixtures.example("hiking-club.json").path
        var outputs: [String] = []
        for environment in Self.environments {
            let result = try CLIRunner.spawn(
                ["render", example, "--format", format, "--width", "80"], environment: environment)
            #expect(result.status == 0, "\(environment): \(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(!outputs[0].isEmpty)
        #expect(Set(outputs).count == 1)
    }

    @Test("Standard input and standard output work with -")
    func stdinStdout() throws {
        let data = try Data(contentsOf: Fixtures.example("weekend-plans.json"))
        let viaStdin = try CLIRunner.spawn(
            ["render", "-", "--format", "json", "-o", "-"], environment: [:], stdin: data)
        let viaFile = try CLIRunner.spawn(
            ["render", Fixtures.example("weekend-plans.json").path, "--format", "json"], environment: [:])
        #expect(viaStdin.status == 0)
        #expect(viaStdin.stdout == viaFile.stdout)
        #expect(viaStdin.stdout.contains("\"id\" : \"m2\""))
    }

    @Test("--tz local is the only way the machine's zone is used")
    func localZone() throws {
        let example = Fixtures.example("weekend-plans.json").path
        let tokyo = try CLIRunner.spawn(
            ["render", example, "--format", "json", "--tz", "local"], environment: ["TZ": "Asia/Tokyo"])
        #expect(tokyo.stdout.contains("\"timeZone\" : \"Asia/Tokyo\""))
        #expect(tokyo.stdout.contains("\"time\" : \"2026-11-28T17:14:00+09:00\""))
    }
}
