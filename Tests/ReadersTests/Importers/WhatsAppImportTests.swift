import Foundation
import ScrollbackModel
import Testing

@testable import ScrollbackReaders

@Suite("WhatsApp import")
struct WhatsAppImportTests {
    static let iOS = """
        [13/02/2024, 9:05:01\u{202F}AM] Ana Lima: Morning!
        [13/02/2024, 9:06:12\u{202F}AM] Ben: Hi
        [13/02/2024, 1:15:00\u{202F}PM] Ana Lima: Lunch?
        Two lines
        [14/02/2024, 12:00:00\u{202F}AM] Ben: midnight
        """

    @Test("iOS lines with U+202F before AM/PM are read on a 12-hour clock, day first when a day is over 12")
    func iOSTwelveHour() throws {
        let result = try ImportTesting.read(Self.iOS, format: .whatsapp)
        let messages = result.conversations[0].messages
        #expect(messages.count == 4)
        #expect(messages.map(\.sender) == ["Ana Lima", "Ben", "Ana Lima", "Ben"])
        #expect(messages[0].time.description == "2024-02-13T09:05:01Z")
        #expect(messages[2].time.description == "2024-02-13T13:15:00Z")
        #expect(messages[3].time.description == "2024-02-14T00:00:00Z")
        #expect(messages[2].text == "Lunch?  \nTwo lines")
        #expect(result.report.inferences.contains("dates read as day/month/year (13/02/2024 has no month 13)"))
        #expect(result.report.inferences.contains { $0.contains("12-hour") })
        #expect(result.report.inferences.contains { $0.contains("UTC") })
    }

    @Test("Android month-first 24-hour lines, with --tz reading local times in that zone")
    func androidWithZone() throws {
        let text = "2/13/24, 21:05 - Ana: Hi\n2/13/24, 21:06 - Ben: Hey\n"
        let options = ReadOptions(timeZone: Zone(identifier: "Europe/Berlin"))
        let transcript = try ImportTesting.transcript(text, format: .whatsapp, options: options)
        #expect(transcript.messages[0].time.description == "2024-02-13T21:05:00+01:00")
        #expect(transcript.timeZone == "Europe/Berlin")
    }

    @Test("--date-order overrides the inference, and lines whose date then does not exist are skipped with a reason")
    func dateOrderOverride() throws {
        let text = "03/04/24, 10:00 - Ana: one\n13/04/24, 10:00 - Ana: two\n"
        let guessed = try ImportTesting.read(text, format: .whatsapp)
        #expect(
            guessed.conversations[0].messages.map { $0.time.description.prefix(10) } == ["2024-04-03", "2024-04-13"])
        let forced = try ImportTesting.read(text, format: .whatsapp, options: ReadOptions(dateOrder: .mdy))
        #expect(forced.conversations[0].messages.count == 1)
        #expect(forced.conversations[0].messages[0].time.description.hasPrefix("2024-03-04"))
        #expect(forced.report.skipped.first?.location?.line == 2)
        #expect(forced.report.inferences.contains { $0.contains("--date-order mdy") })
    }

    @Test("Dates that fit either order are ordered by which reading keeps the chat in sequence")
    func sequenceDecides() throws {
        // Day first: 10 Jan, 11 Jan, 1 Feb. Month first would jump from 1 November back to 2 January.
        let text = "10/01/24, 10:00 - Ana: a\n11/01/24, 10:00 - Ana: b\n01/02/24, 10:00 - Ana: c\n"
        let result = try ImportTesting.read(text, format: .whatsapp)
        #expect(result.report.inferences.contains { $0.hasPrefix("dates read as day/month/year (only this order") })
        let days = result.conversations[0].messages.map { String($0.time.description.prefix(10)) }
        #expect(days == ["2024-01-10", "2024-01-11", "2024-02-01"])
    }

    @Test("With no evidence either way, unpadded slash dates with a two-digit year are read month first, as a guess")
    func usGuess() throws {
        let result = try ImportTesting.read("1/9/21, 10:00 - Ana: a\n1/9/21, 10:05 - Ben: b\n", format: .whatsapp)
        #expect(result.conversations[0].messages[0].time.description == "2021-01-09T10:00:00Z")
        #expect(result.report.inferences.contains { $0.contains("month/day/year (a guess") })
    }

    @Test("Spanish-style a. m. / p. m. markers are read, including 00:08 a. m.")
    func spanishMeridiem() throws {
        let text = "01/30/2019, 08:49 p. m. - Jahn: hola\n06/20/2020, 00:08 a. m. - Jahn: tarde\n"
        let messages = try ImportTesting.transcript(text, format: .whatsapp).messages
        #expect(messages[0].time.description == "2019-01-30T20:49:00Z")
        #expect(messages[1].time.description == "2020-06-20T00:08:00Z")
    }

    @Test("System lines, U+200E marks, deletions, edits and media placeholders map onto the model")
    func oddLines() throws {
        let text = """
            [29/11/2018, 10:50:41] Super Group: \u{200E}Josh created this group
            [29/11/2018, 10:50:45] Josh: \u{200E}image omitted
            [29/11/2018, 10:50:49] Josh: This message was deleted
            [29/11/2018, 10:50:50] Marthy: You deleted this message
            [29/11/2018, 10:51:00] Josh: Fixed it \u{200E}<This message was edited>
            29/11/2018, 10:52 - Marthy: <Media omitted>
            29/11/2018, 10:53 - Josh left
            29/11/2018, 10:54 - Josh changed the subject to "Trip: Rome"
            """
        let result = try ImportTesting.read(text, format: .whatsapp)
        let messages = result.conversations[0].messages
        #expect(
            messages[0].kind == .system && messages[0].sender == nil && messages[0].text == "Josh created this group")
        #expect(messages[1].attachments.first?.type == "image" && messages[1].kind == .message)
        #expect(messages[2].deleted && messages[2].text.isEmpty)
        #expect(messages[3].deleted)
        #expect(messages[4].edited != nil && messages[4].text == "Fixed it")
        #expect(messages[5].attachments.first?.omitted == true)
        #expect(messages[6].kind == .system && messages[6].text == "Josh left")
        #expect(messages[7].kind == .system && messages[7].text == #"Josh changed the subject to "Trip: Rome""#)
        #expect(result.conversations[0].me == "Marthy")
        #expect(result.report.inferences.contains { $0.contains("`me` is \"Marthy\"") })
    }

    @Test("Attached files keep relative paths; a path reaching outside the folder is refused with a warning")
    func attachedFiles() throws {
        let folder = try ImportTesting.folder(["IMG-1.jpg": "x"])
        let text = """
            [20.06.19, 16:00:15] Loris: \u{200E}<attached: IMG-1.jpg>
            20.06.19, 16:01 - Loris: PTT-2.opus (file attached)
            caption here
            20.06.19, 16:02 - Loris: ../../etc/passwd (file attached)
            """
        let result = try ImportTesting.read(text, format: .whatsapp, baseDirectory: folder)
        let messages = result.conversations[0].messages
        #expect(messages[0].attachments.first?.path == "IMG-1.jpg")
        #expect(messages[1].attachments.first?.path == "PTT-2.opus")
        #expect(messages[1].text == "caption here")
        #expect(messages[2].attachments.first?.path == nil)
        #expect(result.report.warnings.contains { $0.text.contains("outside the input's folder") })
        #expect(result.report.warnings.contains { $0.text.contains("PTT-2.opus") })
    }

    @Test("CRLF line ends, a title line, and text before the first message are handled and reported")
    func lineEndsAndPreamble() throws {
        let text = "WhatsApp Chat - Person B\r\nsome banner\r\n01.01.2024, 10:00 - Person A: Hi\r\nsecond\r\n"
        let result = try ImportTesting.read(text, format: .whatsapp)
        let transcript = result.conversations[0]
        #expect(transcript.title == "Person B")
        #expect(transcript.messages[0].text == "Hi  \nsecond")
        #expect(result.report.skipped.map { $0.location?.line } == [2])
    }

    @Test("WhatsApp's *bold*, _italic_ and ~strike~ become Markdown while other symbols stay literal")
    func formatting() throws {
        let text = "1/1/24, 10:00 - Ana: *big* _small_ ~gone~ and 2*3*4 [x](y) <b>\n"
        let message = try ImportTesting.transcript(text, format: .whatsapp).messages[0]
        #expect(message.text == #"**big** *small* ~~gone~~ and 2\*3\*4 \[x\](y) \<b\>"#)
    }

    @Test("A zip export is read from its _chat.txt, and its media are the zip's members, read in place")
    func zipExport() throws {
        let zip = StoredZip.make([
            (
                "_chat.txt",
                "[20.06.19, 15:58:53] John: Hey\n[20.06.19, 16:00:15] Loris: \u{200E}<attached: 01-PHOTO.jpg>\n"
            ),
            ("01-PHOTO.jpg", "jpeg"),
        ])
        let input = ChatInput(name: "chat.zip", bytes: zip, baseDirectory: "/tmp")
        #expect(try Readers.detect(input) == .whatsapp)
        let result = try Readers.read(input)
        let messages = result.conversations[0].messages
        #expect(messages.count == 2)
        #expect(messages[1].attachments.first?.name == "01-PHOTO.jpg")
        #expect(messages[1].attachments.first?.path == "01-PHOTO.jpg")
        #expect(ExportArchive.member("01-PHOTO.jpg", of: InputBytes(zip)) == Array("jpeg".utf8))
        #expect(result.report.warnings.isEmpty)
    }

    @Test("A zip whose chat sits in a folder names its media with that folder, as members of the zip")
    func zipWithFolder() throws {
        let zip = StoredZip.make([
            ("Hike/_chat.txt", "[20.06.19, 16:00:15] Loris: \u{200E}<attached: 01-PHOTO.jpg>\n"),
            ("Hike/01-PHOTO.jpg", "jpeg"),
        ])
        let result = try Readers.read(ChatInput(name: "chat.zip", bytes: zip, baseDirectory: "/tmp"))
        #expect(result.conversations[0].messages[0].attachments.first?.path == "Hike/01-PHOTO.jpg")
        #expect(ExportArchive.member("Hike/01-PHOTO.jpg", of: InputBytes(zip)) == Array("jpeg".utf8))
    }

    @Test(
        "Header shapes: brackets, dashes, dots, no comma, year first",
        arguments: [
            "[15-01-20 02:22:56] Mary: x", "[2019-04-16 02:09] Mary: x", "15.04.2016, 15:04 - Mary: x",
            "12/15/25, 10:30 AM - Mary: x", "[07.08.18, 22:42:50] Mary: x",
            "\u{200E}[1/2/24, 3:04:05\u{00A0}PM] Mary: x",
        ])
    func headerShapes(_ line: String) {
        let header = WhatsAppHeader(Substring(line))
        #expect(header != nil)
        #expect(header?.rest == "Mary: x")
    }

    @Test(
        "Lines that only look like dates are continuation lines",
        arguments: [
            "12/15/25 is the date", "10:30 - not a header", "[1/2/24] Mary: x", "1/2/24, 9:61 - Mary: x",
        ])
    func notHeaders(_ line: String) {
        #expect(WhatsAppHeader(Substring(line)) == nil)
    }
}
