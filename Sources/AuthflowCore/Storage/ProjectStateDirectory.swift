import AuthflowStorage

/// The private directory holding one project's (and tenant's) state: its session and pending flows.
///
/// Layout under the state root: `projects/<projectId>[/tenants/<tenantId>]`, and for emulators
/// `emulators/<host:port>/<projectId>[/tenants/<tenantId>]`, so a session against a local emulator never
/// replaces a production one of the same project.
public struct ProjectStateDirectory: Sendable, Equatable {
    /// The absolute path of the directory (it may not exist yet).
    public let path: String
    /// The project whose state this directory holds; a file in it that names another project is damaged.
    public let projectID: String
    private let root: StateDirectory

    /// The directory for a project under `root`.
    public init(root: StateDirectory, projectID: String, tenantID: String? = nil, emulatorHost: String? = nil) {
        var components: [String]
        if let emulatorHost {
            components = ["emulators", Self.safeName(emulatorHost), Self.safeName(projectID)]
        } else {
            components = ["projects", Self.safeName(projectID)]
        }
        if let tenantID { components += ["tenants", Self.safeName(tenantID)] }
        self.root = root
        self.projectID = projectID
        self.path = components.reduce(root.path) { FilePath.join($0, $1) }
    }

    /// The path of a file in this directory.
    public func file(_ name: String) -> String {
        FilePath.join(path, name)
    }

    /// Creates the directory and every level from the state root down, each mode 0700.
    public func prepare() throws(StorageError) {
        try SecureFile.makePrivateDirectory(root.path)
        var current = root.path
        let relative = path.dropFirst(root.path.count).split(separator: "/")
        for component in relative {
            current = FilePath.join(current, String(component))
            try SecureFile.makePrivateDirectory(current)
        }
    }

    /// Runs `body` holding this project's state lock, so concurrent authflow processes take turns.
    public func withLock<T>(_ body: () async throws -> T) async throws -> T {
        try prepare()
        return try await StateLock.withLock(at: file(".lock"), body)
    }

    /// IDs become single path components: letters, digits, `.`, `_` and `-` stay; anything else (including a
    /// leading dot, which would hide the directory or climb out of it) is percent-encoded.
    static func safeName(_ text: String) -> String {
        var name = ""
        for byte in text.utf8 {
            let isSafe =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || (byte == UInt8(ascii: ".") && !name.isEmpty)
            if isSafe {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return name.isEmpty ? "%00" : name
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
