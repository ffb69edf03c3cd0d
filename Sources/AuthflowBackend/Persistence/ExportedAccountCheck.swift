import AuthflowPrimitives

/// The account entries of an export's accounts file, checked against the emulator's `UserInfo` schema (the
/// types `apiSpec.ts` gives each field; fields it does not know are left to the import, which ignores them) and
/// for a `localId` in each and no two alike, so that a defect is reported with its entry and field before
/// anything is imported. What the schema cannot say (an invalid email, a phone number, custom claims) the import
/// itself refuses, through `accounts:batchCreate` (``EmbeddedBackend/importData(from:)``).
enum ExportedAccountCheck {
    /// A field's JSON type; `string` also takes a number, which the emulator turns into a string.
    indirect enum FieldType {
        case string
        case boolean
        case number
        case object
        case objects([String: FieldType])
    }

    /// `GoogleCloudIdentitytoolkitV1ProviderUserInfo`.
    static let providerFields: [String: FieldType] = [
        "displayName": .string, "email": .string, "federatedId": .string, "phoneNumber": .string,
        "photoUrl": .string, "providerId": .string, "rawId": .string, "screenName": .string,
    ]

    /// `GoogleCloudIdentitytoolkitV1MfaEnrollment`.
    static let enrollmentFields: [String: FieldType] = [
        "displayName": .string, "enrolledAt": .string, "mfaEnrollmentId": .string, "phoneInfo": .string,
        "unobfuscatedPhoneInfo": .string, "totpInfo": .object, "emailInfo": .object,
    ]

    /// `GoogleCloudIdentitytoolkitV1UserInfo`.
    static let userFields: [String: FieldType] = [
        "createdAt": .string, "customAttributes": .string, "dateOfBirth": .string, "displayName": .string,
        "email": .string, "initialEmail": .string, "language": .string, "lastLoginAt": .string,
        "lastRefreshAt": .string, "localId": .string, "passwordHash": .string, "phoneNumber": .string,
        "photoUrl": .string, "rawPassword": .string, "salt": .string, "screenName": .string, "tenantId": .string,
        "timeZone": .string, "validSince": .string, "customAuth": .boolean, "disabled": .boolean,
        "emailLinkSignin": .boolean, "emailVerified": .boolean, "passwordUpdatedAt": .number, "version": .number,
        "providerUserInfo": .objects(providerFields), "mfaInfo": .objects(enrollmentFields),
        "passkeyInfo": .objects(["credentialId": .string, "name": .string]),
    ]

    static func check(_ entries: [JSONValue], file: String) throws(AuthExportError) {
        var seen: Set<String> = []
        for (index, value) in entries.enumerated() {
            guard case .object(let user) = value else {
                throw .malformed(
                    AuthExportFault(
                        file: file, entry: AuthExportEntry(index: index, localId: nil),
                        problem: .wrongType(expected: .object)))
            }
            let localId = user["localId"]?.stringValue
            let entry = AuthExportEntry(index: index, localId: localId)
            if let problem = problem(in: user, fields: userFields, path: "") {
                throw .malformed(
                    AuthExportFault(file: file, entry: entry, field: problem.field, problem: problem.problem))
            }
            guard let localId = user["localId"].flatMap(stringForm), !localId.isEmpty else {
                throw .malformed(AuthExportFault(file: file, entry: entry, field: "localId", problem: .missing))
            }
            guard seen.insert(localId).inserted else {
                throw .malformed(AuthExportFault(file: file, entry: entry, field: "localId", problem: .duplicate))
            }
        }
    }

    /// The first field of `object` whose value has the wrong type, with its path.
    private static func problem(
        in object: JSONObject, fields: [String: FieldType], path: String
    ) -> (field: String, problem: AuthExportProblem)? {
        for (key, value) in object.entries {
            guard let type = fields[key], value != .null else { continue }
            let field = path + key
            switch (type, value) {
            case (.string, .string), (.string, .number), (.boolean, .bool), (.number, .number), (.object, .object):
                continue
            case (.objects(let itemFields), .array(let items)):
                for (position, item) in items.enumerated() {
                    guard case .object(let itemObject) = item else {
                        return ("\(field)/\(position)", .wrongType(expected: .object))
                    }
                    if let found = problem(in: itemObject, fields: itemFields, path: "\(field)/\(position)/") {
                        return found
                    }
                }
            case (.string, _): return (field, .wrongType(expected: .string))
            case (.boolean, _): return (field, .wrongType(expected: .boolean))
            case (.number, _): return (field, .wrongType(expected: .number))
            case (.object, _): return (field, .wrongType(expected: .object))
            case (.objects, _): return (field, .wrongType(expected: .array))
            }
        }
        return nil
    }

    private static func stringForm(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): JSONWriter.format(number)
        default: nil
        }
    }

    /// The field an import refusal from `accounts:batchCreate` is about, by its message (the emulator's).
    static func field(refusedWith message: String) -> String? {
        let fields: [(prefix: String, field: String)] = [
            ("localId", "localId"), ("Tenant id", "tenantId"), ("Invalid custom claims", "customAttributes"),
            ("Custom claims", "customAttributes"), ("federatedId", "providerUserInfo"),
            ("((Parsing federatedId", "providerUserInfo"), ("raw id exists", "providerUserInfo"),
            ("phone number format", "phoneNumber"), ("email is invalid", "email"), ("email exists", "email"),
            ("((Auth Emulator does not support importing duplicate email", "email"),
            ("Second factor account requires email to be presented", "email"),
            ("Second factor account requires email to be verified", "emailVerified"),
            ("Enrollment id", "mfaInfo"), ("Second factor not supported", "mfaInfo"),
            ("Phone number format", "mfaInfo"),
        ]
        return fields.first { message.hasPrefix($0.prefix) }?.field
    }
}
