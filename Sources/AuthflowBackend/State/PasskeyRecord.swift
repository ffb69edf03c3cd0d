import AuthflowPrimitives

/// One enrolled passkey as the emulator keeps it: the authenticator's credential ID and a name.
struct PasskeyRecord: Sendable, Equatable {
    var credentialId: String
    var name: String

    /// As `accounts:lookup` lists it in `passkeyInfo`.
    var json: JSONValue {
        .object(JSONObject([("credentialId", .string(credentialId)), ("name", .string(name))]))
    }
}

extension BackendState {
    /// The account holding the passkey `credentialId`.
    func account(passkeyCredentialId credentialId: String) -> Account? {
        accountStore.first(passkeyCredentialId: credentialId)
    }
}
