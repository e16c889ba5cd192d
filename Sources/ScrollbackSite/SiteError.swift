/// Why a site could not be built. Messages are sentences that quote the path at fault.
public struct SiteError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Reason: Sendable {
        /// The output folder holds files and no manifest of an earlier build.
        case foreignFolder
        /// The output path exists and is not a folder.
        case notAFolder
        /// A file or folder could not be written, with the system's reason.
        case cannotWrite(String)
        /// The output folder is inside an input folder, or the other way round.
        case overlapsInput(String)
    }

    /// The path concerned.
    public var path: String
    /// Why.
    public var reason: Reason

    /// Creates an error.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .foreignFolder:
            return
                "\(path): the folder is not empty and was not made by 'scrollback site'; choose an empty or new folder, or pass --force to add the site to it (its other files are kept)."
        case .notAFolder: return "\(path): exists and is not a folder."
        case .cannotWrite(let why): return "\(path): cannot write the site: \(why)."
        case .overlapsInput(let input): return "\(path): the site folder overlaps the input '\(input)'."
        }
    }
}
