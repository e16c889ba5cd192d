/// An `NSKeyedArchiver` property list with its `UID` references followed: `$objects[$top.root]`
/// and everything it points at, as plain values.
enum KeyedArchive {
    /// The archive's root object with references resolved (to a bounded depth), or the property
    /// list itself when it is not a keyed archive.
    static func root(_ plist: BinaryPropertyList.Value) -> BinaryPropertyList.Value {
        guard let objects = plist["$objects"]?.array, case .uid(let top)? = plist["$top"]?["root"] else { return plist }
        return resolve(.uid(top), objects, depth: 0)
    }

    private static func resolve(
        _ value: BinaryPropertyList.Value, _ objects: [BinaryPropertyList.Value], depth: Int
    ) -> BinaryPropertyList.Value {
        guard depth < 24 else { return .null }
        switch value {
        case .uid(let number):
            guard number < objects.count, objects[number] != .string("$null") else { return .null }
            return resolve(objects[number], objects, depth: depth + 1)
        case .array(let values): return .array(values.map { resolve($0, objects, depth: depth + 1) })
        case .dictionary(let entries):
            var resolved: [String: BinaryPropertyList.Value] = [:]
            for (key, entry) in entries where key != "$class" {
                resolved[key] = resolve(entry, objects, depth: depth + 1)
            }
            if case .uid(let number)? = entries["$class"], number < objects.count,
                let name = objects[number]["$classname"]?.string
            {
                resolved["$classname"] = .string(name)
            }
            // NSURL, NSString and NSArray archives stand for their contents.
            if let relative = resolved["NS.relative"], resolved["NS.base"] != nil { return relative }
            if let string = resolved["NS.string"] { return string }
            if let items = resolved["NS.objects"], resolved["NS.keys"] == nil { return items }
            return .dictionary(resolved)
        default: return value
        }
    }
}
