/// A problem found within one line of a Markdown log: the column and what is wrong.
/// The reader adds the file, the line and the message at fault.
struct LineFailure: Error {
    /// 1-based column, in Unicode scalars like every column Scrollback reports.
    var column: Int
    /// What is wrong.
    var problem: ReadError.Problem
    /// The id of the message whose heading is at fault, when the heading gives one.
    var id: String? = nil
    /// The line, when the code that found the problem knows it (the reader adds it otherwise).
    var line: Int? = nil
    /// The 1-based number of the message at fault, when one is.
    var messageNumber: Int? = nil
}

extension LineFailure {
    /// The failure placed on `line`, unless it already names one.
    func at(line: Int) -> LineFailure {
        var failure = self
        failure.line = failure.line ?? line
        return failure
    }
}

extension StringProtocol {
    /// The 1-based column of `index` in this line.
    func column(of index: Index) -> Int {
        unicodeScalars[unicodeScalars.startIndex..<index].count + 1
    }
}
