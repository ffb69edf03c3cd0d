import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// Import and export in firebase-tools' layout (``AuthExportLayout``): what `firebase emulators:start --import`
/// and `--export-on-exit` read and write for the Auth Emulator.
extension EmbeddedBackend {
    /// What ``importData(from:)`` loaded.
    public struct ImportSummary: Sendable, Equatable {
        /// Accounts imported, in the project and every tenant.
        public var accounts: Int
        /// Tenants that had an accounts file.
        public var tenants: Int
        /// Whether the export had an `auth` section at all (an export of other emulators only has none).
        public var hadAuthData: Bool
    }

    /// Loads the export in `directory` into the configured project: the config through the emulator API's
    /// config `PATCH`, each accounts file through `accounts:batchCreate` in its tenant, as firebase-tools
    /// imports it. All or nothing: every file is checked first, and a defect (a file, an entry or a field the
    /// emulator refuses) leaves the backend as it was; unlike firebase-tools, an entry `batchCreate` reports in
    /// its `error` list fails the import instead of being skipped.
    @discardableResult
    public func importData(from directory: String) throws(AuthExportError) -> ImportSummary {
        guard let layout = try AuthExportLayout.read(directory) else {
            return ImportSummary(accounts: 0, tenants: 0, hadAuthData: false)
        }
        let projectID = service.configuration.projectID
        let remoteFunctionsAllowed = service.configuration.allowsRemoteBlockingFunctions
        let origin = service.origin
        try service.scopes.withLock { (scopes: inout ScopedStates) throws(AuthExportError) in
            var staged = scopes
            if let config = layout.config {
                do throws(APIError) {
                    try staged.withState(StateScope(projectID: projectID)) {
                        (state: inout BackendState) throws(APIError) in
                        _ = try ProjectConfigOperations.emulatorPatch(
                            RequestFields(config), &state, remoteFunctionsAllowed: remoteFunctionsAllowed)
                    }
                } catch {
                    throw .malformed(
                        AuthExportFault(file: layout.configPath, problem: .refused(message: error.message)))
                }
            }
            for file in layout.accounts {
                let scope = StateScope(projectID: projectID, tenantID: file.tenantID)
                try staged.withState(scope) { (state: inout BackendState) throws(AuthExportError) in
                    try Self.insert(file, into: &state, origin: origin)
                }
            }
            scopes = staged
        }
        return ImportSummary(
            accounts: layout.accounts.reduce(0) { $0 + $1.users.count },
            tenants: layout.accounts.filter { $0.tenantID != nil }.count, hadAuthData: true)
    }

    /// `file`'s users through `accounts:batchCreate`, as firebase-tools posts the file; the first entry it
    /// refuses becomes the error.
    private static func insert(
        _ file: AuthExportLayout.Accounts, into state: inout BackendState, origin: String
    ) throws(AuthExportError) {
        guard !file.users.isEmpty else { return }
        var context = OperationContext(
            body: RequestFields(JSONObject([("users", .array(file.users))])), privileged: true, origin: origin,
            now: Date())
        let reply: JSONObject
        do throws(APIError) {
            reply = try AccountBatchOperations.batchCreate(&state, &context)
        } catch {
            throw .malformed(AuthExportFault(file: file.path, problem: .refused(message: error.message)))
        }
        guard case .object(let refusal)? = reply["error"]?.arrayValue?.first,
            case .number(let position)? = refusal["index"], let index = Int(exactly: position)
        else { return }
        let message = refusal["message"]?.stringValue ?? ""
        let localId = file.users.indices.contains(index) ? file.users[index].objectValue?["localId"]?.stringValue : nil
        throw .malformed(
            AuthExportFault(
                file: file.path, entry: AuthExportEntry(index: index, localId: localId),
                field: ExportedAccountCheck.field(refusedWith: message), problem: .refused(message: message)))
    }

    /// What ``exportData(to:)`` wrote.
    public struct ExportSummary: Sendable, Equatable {
        /// Accounts exported, in the project and every tenant.
        public var accounts: Int
        /// TOTP second factors left out: the layout has no field for their secrets (the official emulator has
        /// no TOTP, and its `batchCreate` refuses an account carrying one), so their accounts are exported with
        /// their other factors only.
        public var omittedTOTPFactors: Int
    }

    /// Writes the configured project's accounts (its own and every tenant's) and emulator config to
    /// `directory` in firebase-tools' layout, replacing a previous export there as a whole
    /// (``DirectoryReplacement``): an export that fails or is interrupted leaves the previous one intact. A
    /// directory holding anything but an Auth export (other files, other emulators' exports) is refused.
    @discardableResult
    public func exportData(to directory: String) throws(AuthExportError) -> ExportSummary {
        try Self.export(service: service, to: directory)
    }

    /// Refuses `directory` as an export's destination when the export would destroy something there: files
    /// that are not an export, or other emulators' exports (the check ``exportData(to:)`` makes first; call it
    /// at start-up for an export made at exit).
    public static func checkExportDestination(_ directory: String) throws(AuthExportError) {
        try AuthExportLayout.checkReplaceable(directory)
    }

    /// ``exportData(to:)`` for the backend `service` answers for (the export endpoint's).
    @discardableResult
    static func export(service: BackendService, to directory: String) throws(AuthExportError) -> ExportSummary {
        try AuthExportLayout.checkReplaceable(directory)
        var layout = service.scopes.withLock { scopes in
            Self.layout(of: &scopes, projectID: service.configuration.projectID)
        }
        var omitted = 0
        for index in layout.accounts.indices {
            layout.accounts[index].users = layout.accounts[index].users.map { withoutTOTPFactors($0, count: &omitted) }
        }
        do throws(StorageError) {
            try DirectoryReplacement.replace(
                directory, with: layout.files(version: service.configuration.exportVersion))
        } catch {
            throw .storage(error)
        }
        return ExportSummary(
            accounts: layout.accounts.reduce(0) { $0 + $1.users.count }, omittedTOTPFactors: omitted)
    }

    /// `user` without its TOTP factors (`mfaInfo` entries with no `phoneInfo`), adding their number to `count`;
    /// `mfaInfo` goes when nothing is left of it.
    private static func withoutTOTPFactors(_ user: JSONValue, count: inout Int) -> JSONValue {
        guard case .object(var object) = user, let factors = object["mfaInfo"]?.arrayValue else { return user }
        let kept = factors.filter { $0.objectValue?["phoneInfo"] != nil }
        guard kept.count < factors.count else { return user }
        count += factors.count - kept.count
        object["mfaInfo"] = kept.isEmpty ? nil : .array(kept)
        return .object(object)
    }

    /// The project's export: `accounts:batchGet?maxResults=-1` in the project and in each tenant, and the
    /// emulator API's config view, as firebase-tools' hub fetches them.
    static func layout(of scopes: inout ScopedStates, projectID: String) -> AuthExportLayout {
        var layout = AuthExportLayout(config: nil, accounts: [])
        let tenantIDs = scopes.withState(StateScope(projectID: projectID)) { state in
            layout.config = ProjectConfigOperations.emulatorView(state).objectValue
            layout.accounts.append(AuthExportLayout.Accounts(tenantID: nil, users: allAccounts(&state)))
            return state.tenants.list(projectID: projectID, after: nil).compactMap { $0["tenantId"]?.stringValue }
        }
        for tenantID in tenantIDs {
            scopes.withState(StateScope(projectID: projectID, tenantID: tenantID)) { state in
                layout.accounts.append(AuthExportLayout.Accounts(tenantID: tenantID, users: allAccounts(&state)))
            }
        }
        return layout
    }

    private static func allAccounts(_ state: inout BackendState) -> [JSONValue] {
        var context = OperationContext(body: .empty, privileged: true, origin: "", now: Date())
        context.query = QueryParameters(query: "maxResults=-1")
        let reply = try? AccountBatchOperations.batchGet(&state, &context)
        return reply?["users"]?.arrayValue ?? []
    }
}
