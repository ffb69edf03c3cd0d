import AuthflowPrimitives

/// The emulator's `updateMask` for tenant PATCH: each comma-separated dotted path copies one field from the
/// update into the stored resource. A path whose update value is missing changes nothing; descent stops at a
/// primitive or an array, and the path's last name is then looked up where the descent stopped (so
/// `displayName.0` and `mfaConfig.enabledProviders.x` change nothing); objects along the way are created in
/// the stored resource as the descent goes.
enum UpdateMask {
    static func apply(_ mask: String, to stored: JSONObject, from update: JSONObject) -> JSONObject {
        var result = stored
        for path in mask.split(separator: ",", omittingEmptySubsequences: false) {
            let names = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let last = names.last else { continue }
            var descended: [String] = []
            var updateLevel = update
            for name in names.dropLast() {
                guard let value = updateLevel[name], value != .null else { break }
                guard case .object(let child) = value else { break }
                descended.append(name)
                updateLevel = child
            }
            guard let value = updateLevel[last], value != .null else { continue }
            result = setting(value, at: descended + [last], in: result)
        }
        return result
    }

    private static func setting(_ value: JSONValue, at path: [String], in object: JSONObject) -> JSONObject {
        var object = object
        guard let first = path.first else { return object }
        if path.count == 1 {
            object[first] = value
            return object
        }
        var child = JSONObject()
        if case .object(let existing) = object[first] { child = existing }
        object[first] = .object(setting(value, at: Array(path.dropFirst()), in: child))
        return object
    }
}
