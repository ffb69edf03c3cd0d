import Foundation

/// A signed-in user as authflow keeps them between commands.
public struct UserSession: Codable, Sendable, Equatable, CustomStringConvertible {
    /// The Firebase user ID (`localId`).
    public var uid: String
    /// The account's email, if it has one.
    public var email: String?
    /// Whether the email is verified (SMS MFA enrolment requires it); nil when unknown.
    public var emailVerified: Bool?
    /// The account's phone number (E.164), if it has one.
    public var phoneNumber: String?
    /// The display name.
    public var displayName: String?
    /// The linked providers, e.g. `password`, `phone`, `apple.com`.
    public var providerIDs: [String]
    /// How this session signed in, e.g. `emailLink` or `apple.com`.
    public var signInProvider: String?
    /// The enrollment ID of the second factor this sign-in passed, if any.
    public var secondFactorID: String?
    /// The second factors enrolled on the account, as last seen.
    public var enrolledFactors: [EnrolledFactor]
    /// The ID and refresh tokens.
    public var tokens: SessionTokens
    /// Which project, tenant and backend issued the tokens.
    public var project: SessionProject
    /// When the user signed in.
    public var signedInAt: Date

    /// A session from its parts.
    public init(
        uid: String,
        email: String? = nil,
        emailVerified: Bool? = nil,
        phoneNumber: String? = nil,
        displayName: String? = nil,
        providerIDs: [String] = [],
        signInProvider: String? = nil,
        secondFactorID: String? = nil,
        enrolledFactors: [EnrolledFactor] = [],
        tokens: SessionTokens,
        project: SessionProject,
        signedInAt: Date = Date()
    ) {
        self.uid = uid
        self.email = email
        self.emailVerified = emailVerified
        self.phoneNumber = phoneNumber
        self.displayName = displayName
        self.providerIDs = providerIDs
        self.signInProvider = signInProvider
        self.secondFactorID = secondFactorID
        self.enrolledFactors = enrolledFactors
        self.tokens = tokens
        self.project = project
        self.signedInAt = signedInAt.wholeSeconds
    }

    /// Replaces the tokens after a refresh, keeping what the new ID token says about the user up to date.
    public mutating func update(tokens newTokens: SessionTokens) {
        tokens = newTokens
        guard let claims = IDTokenClaims(jwt: newTokens.idToken) else { return }
        email = claims.email ?? email
        emailVerified = claims.emailVerified ?? emailVerified
        phoneNumber = claims.phoneNumber ?? phoneNumber
    }

    public var description: String {
        "UserSession(uid: \(uid), project: \(project.projectID), tokens redacted)"
    }
}

/// Where a session's tokens are valid.
public struct SessionProject: Codable, Sendable, Equatable {
    /// The Firebase project ID.
    public var projectID: String
    /// The Identity Platform tenant, if any.
    public var tenantID: String?
    /// The emulator's `host:port`, or nil for Google's servers.
    public var emulatorHost: String?

    /// A project description.
    public init(projectID: String, tenantID: String? = nil, emulatorHost: String? = nil) {
        self.projectID = projectID
        self.tenantID = tenantID
        self.emulatorHost = emulatorHost
    }
}

extension SessionProject {
    /// The project as messages name it: `my-project`, `my-project (tenant t1)`,
    /// `demo (emulator 127.0.0.1:9099)`.
    public var label: String {
        var label = projectID
        if let tenantID { label += " (tenant \(tenantID))" }
        if let emulatorHost { label += " (emulator \(emulatorHost))" }
        return label
    }
}
