import AuthflowPrimitives
import AuthflowStorage

/// firebase-tools' export layout for the Auth Emulator, read and written exactly as its `hubExport.ts` writes
/// and its `auth/index.ts` (`importData`) reads it, so an export from either emulator imports into the other:
///
/// - `firebase-export-metadata.json`: `{"version": …, "auth": {"version": …, "path": "auth_export"}}` (other
///   emulators' sections beside `auth` are theirs);
/// - `auth_export/config.json`: the emulator config (`GET /emulator/v1/projects/<id>/config`: `signIn.allowDuplicateEmails`,
///   `emailPrivacyConfig.enableImprovedEmailPrivacy`), imported as its `PATCH`;
/// - `auth_export/accounts.json`: the project's accounts as `accounts:batchGet?maxResults=-1` answers them
///   (`{"kind": …, "users": [UserInfo…]}`), imported as the body of `accounts:batchCreate`;
/// - `auth_export/accounts-<tenantId>.json`: each tenant's, the same way in the tenant.
///
/// Tenant settings, blocking functions and OIDC/SAML provider configurations have no place in the layout:
/// firebase-tools neither writes nor reads them, and a tenant comes back with the emulator's defaults.
struct AuthExportLayout: Sendable, Equatable {
    static let metadataFile = "firebase-export-metadata.json"
    static let authPath = "auth_export"
    static let configFile = "config.json"
    static let accountsFile = "accounts.json"
    /// The largest export file read (a million accounts take about 600 MB).
    static let readLimit = 4 << 30

    /// One accounts file: its tenant (`nil` for the project's own `accounts.json`), its `users`, and where it
    /// was read from.
    struct Accounts: Sendable, Equatable {
        var tenantID: String?
        var users: [JSONValue]
        var path = ""
    }

    /// `config.json`'s object, when the export has one.
    var config: JSONObject?
    /// Where `config.json` was read from.
    var configPath = ""
    /// The project's accounts first, then each tenant's in ascending ID order.
    var accounts: [Accounts]

    /// The file name of a tenant's accounts (`accounts-<tenantId>.json`), or the project's.
    static func accountsFileName(tenantID: String?) -> String {
        tenantID.map { "accounts-\($0).json" } ?? accountsFile
    }

    // MARK: Reading

    /// The Auth part of the export in `directory`: `nil` when its metadata has no `auth` section (an export of
    /// other emulators only). Every file is checked before anything is returned.
    static func read(_ directory: String) throws(AuthExportError) -> AuthExportLayout? {
        let metadataPath = FilePath.join(directory, metadataFile)
        guard let metadata = try readObject(metadataPath) else { throw .notAnExport(directory: directory) }
        guard let auth = metadata["auth"], auth != .null else { return nil }
        guard case .object(let section) = auth else {
            throw .malformed(AuthExportFault(file: metadataPath, field: "auth", problem: .wrongType(expected: .object)))
        }
        guard let path = section["path"] else {
            throw .malformed(AuthExportFault(file: metadataPath, field: "auth/path", problem: .missing))
        }
        guard case .string(let relative) = path else {
            throw .malformed(
                AuthExportFault(file: metadataPath, field: "auth/path", problem: .wrongType(expected: .string)))
        }
        guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
            throw .malformed(AuthExportFault(file: metadataPath, field: "auth/path", problem: .outsideExport))
        }
        let authDirectory = FilePath.join(directory, relative)

        var layout = AuthExportLayout(config: nil, accounts: [])
        let configPath = FilePath.join(authDirectory, configFile)
        if let config = try readObject(configPath) {
            try checkConfig(config, file: configPath)
            layout.config = config
            layout.configPath = configPath
        }
        var tenantFiles: [(String, String)] = []
        for name in DirectoryEntries.names(in: authDirectory) ?? [] where name.hasSuffix(".json") {
            if name == accountsFile {
                continue
            } else if name.hasPrefix("accounts-"), name.count > "accounts-.json".count {
                tenantFiles.append((String(name.dropFirst("accounts-".count).dropLast(".json".count)), name))
            }
        }
        let projectAccounts = FilePath.join(authDirectory, accountsFile)
        if let users = try readUsers(projectAccounts) {
            layout.accounts.append(Accounts(tenantID: nil, users: users, path: projectAccounts))
        }
        for (tenantID, name) in tenantFiles.sorted(by: { $0.0 < $1.0 }) {
            let path = FilePath.join(authDirectory, name)
            if let users = try readUsers(path) {
                layout.accounts.append(Accounts(tenantID: tenantID, users: users, path: path))
            }
        }
        return layout
    }

    /// The file's JSON object, or `nil` when it does not exist.
    private static func readObject(_ path: String) throws(AuthExportError) -> JSONObject? {
        let bytes: [UInt8]?
        do throws(StorageError) {
            bytes = try PlainFile.read(path, limit: readLimit)
        } catch {
            throw .storage(error)
        }
        guard let bytes else { return nil }
        let value: JSONValue
        do throws(JSONParser.Failure) {
            value = try JSONParser.parse(bytes)
        } catch {
            throw .malformed(AuthExportFault(file: path, problem: .notJSON(detail: error.message)))
        }
        guard case .object(let object) = value else {
            throw .malformed(AuthExportFault(file: path, problem: .wrongType(expected: .object)))
        }
        return object
    }

    /// The two settings `config.json` may carry, type-checked as the emulator's schema does.
    private static func checkConfig(_ config: JSONObject, file: String) throws(AuthExportError) {
        for (section, field) in [
            ("signIn", "allowDuplicateEmails"), ("emailPrivacyConfig", "enableImprovedEmailPrivacy"),
        ] {
            guard let value = config[section], value != .null else { continue }
            guard case .object(let object) = value else {
                throw .malformed(AuthExportFault(file: file, field: section, problem: .wrongType(expected: .object)))
            }
            guard let flag = object[field], flag != .null else { continue }
            guard case .bool = flag else {
                throw .malformed(
                    AuthExportFault(file: file, field: "\(section)/\(field)", problem: .wrongType(expected: .boolean)))
            }
        }
    }

    /// The accounts file's `users`, each entry checked (``ExportedAccountCheck``); `nil` when the file does not
    /// exist. A file without `users` has none, as `accounts:batchGet` writes an empty project.
    private static func readUsers(_ path: String) throws(AuthExportError) -> [JSONValue]? {
        guard let object = try readObject(path) else { return nil }
        guard let users = object["users"], users != .null else { return [] }
        guard case .array(let entries) = users else {
            throw .malformed(AuthExportFault(file: path, field: "users", problem: .wrongType(expected: .array)))
        }
        try ExportedAccountCheck.check(entries, file: path)
        return entries
    }

    // MARK: Writing

    /// The export's files, paths relative to the export directory, `version` naming the writer in the metadata.
    func files(version: String) -> [DirectoryReplacement.File] {
        let metadata: JSONValue = .object([
            ("version", .string(version)),
            ("auth", .object([("version", .string(version)), ("path", .string(Self.authPath))])),
        ])
        var files = [DirectoryReplacement.File(path: Self.metadataFile, bytes: JSONWriter.bytes(metadata))]
        if let config {
            files.append(
                DirectoryReplacement.File(
                    path: Self.authPath + "/" + Self.configFile, bytes: JSONWriter.bytes(.object(config))))
        }
        for file in accounts {
            let reply: JSONValue = .object([
                ("kind", "identitytoolkit#DownloadAccountResponse"), ("users", .array(file.users)),
            ])
            files.append(
                DirectoryReplacement.File(
                    path: Self.authPath + "/" + Self.accountsFileName(tenantID: file.tenantID),
                    bytes: JSONWriter.bytes(reply)))
        }
        return files
    }

    /// Refuses to replace `directory` when it holds more than an Auth export: files without metadata, or
    /// metadata naming other emulators' exports. A missing or empty directory is fine.
    static func checkReplaceable(_ directory: String) throws(AuthExportError) {
        guard let names = DirectoryEntries.names(in: directory), !names.isEmpty else { return }
        let metadataPath = FilePath.join(directory, metadataFile)
        let metadata: JSONObject?
        do throws(AuthExportError) {
            metadata = try readObject(metadataPath)
        } catch {
            throw .occupied(directory: directory, holding: .files)
        }
        guard let metadata else { throw .occupied(directory: directory, holding: .files) }
        let others = metadata.keys.filter { $0 != "version" && $0 != "auth" }
        if !others.isEmpty { throw .occupied(directory: directory, holding: .otherEmulators(others)) }
    }
}
