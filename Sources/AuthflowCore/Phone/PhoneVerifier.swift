/// How a phone sign-in proves to Firebase that the SMS is requested by the app and not by a script.
public enum PhoneVerifier: String, Sendable, Hashable, CaseIterable, Codable {
    /// Firebase's hosted reCAPTCHA page (`/__/auth/handler?authType=verifyApp`), which returns through the
    /// iOS app's custom scheme: what the iOS SDK does when it has no APNs proof.
    case hosted
    /// A reCAPTCHA page authflow serves at `http://localhost:PORT`, as a web app would run it.
    case loopback
    /// No proof: the Auth Emulator, and test mode for the project's fictional test numbers (the SDKs'
    /// `appVerificationDisabledForTesting`).
    case none
}
