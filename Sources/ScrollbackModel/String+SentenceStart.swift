extension String {
    /// The sentence as it reads after a location or `error:`: in lower case, like a compiler's
    /// messages. A capital that only starts the sentence (`The file …`, `A folder …`) is lowered;
    /// a word in capitals (`JSON`, `END:VCARD`), a name with inner capitals (`WhatsApp`) and `I`
    /// keep theirs.
    package var sentenceAfterLocation: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, first.properties.isUppercase else { return self }
        let word = scalars.prefix { $0.properties.isAlphabetic }
        let rest = word.dropFirst()
        let lowers = rest.isEmpty ? first == "A" : rest.allSatisfy { !$0.properties.isUppercase }
        guard lowers else { return self }
        return first.properties.lowercaseMapping + String(scalars.dropFirst())
    }
}
