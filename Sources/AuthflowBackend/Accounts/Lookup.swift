import AuthflowPrimitives

/// `accounts:lookup`: the caller's own account from `idToken`, or for an admin, accounts by `localId`,
/// `email`, `phoneNumber` or `federatedUserId`.
enum Lookup {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        var found: [Account] = []
        func add(_ account: Account?) {
            if let account, !found.contains(where: { $0.localId == account.localId }) { found.append(account) }
        }
        if context.privileged {
            if body.has("initialEmail") { throw .notImplemented("Lookup by initialEmail is not implemented.") }
            for localId in try body.stringArray("localId") ?? [] { add(state.account(localId: localId)) }
            for email in try body.stringArray("email") ?? [] {
                add(state.account(email: Validation.canonicalEmail(email)))
            }
            for phone in try body.stringArray("phoneNumber") ?? [] { add(state.account(phoneNumber: phone)) }
            if case .array(let federated)? = body.object["federatedUserId"] {
                for entry in federated {
                    guard let pair = entry.objectValue, let provider = pair["providerId"]?.stringValue,
                        let rawId = pair["rawId"]?.stringValue, !provider.isEmpty, !rawId.isEmpty
                    else { continue }
                    add(state.account(provider: provider, rawId: rawId))
                }
            }
        } else {
            guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
            add(try IDToken.verify(idToken, state: state).account)
        }
        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#GetAccountInfoResponse"
        // The emulator drops `users` when nothing matched (the Node Admin SDK relies on that).
        if !found.isEmpty { reply["users"] = .array(found.map(\.json)) }
        return reply
    }
}
