/// A code that was texted and not yet used, as the code sources see it: who it went to, the verification ID it
/// must go back with, and the flow that texted it (which says how to finish later). Phone sign-in and both SMS
/// second-factor flows describe their SMS this way, so the code command, the prompts and the messages are the
/// same for all.
public struct SentSMSCode: Sendable, Equatable {
    /// The number as shown: in full (`+16505554567`), or masked for a second-factor hint (`+*******0199`).
    public var recipient: String
    /// The full number, when the flow knows it.
    public var phoneNumber: PhoneNumber?
    /// The verification ID (`sessionInfo`) the code goes back with.
    public var verificationID: String
    /// The project, tenant and backend it belongs to.
    public var project: SessionProject
    /// The flow that texted it, which says how the code can still be used later.
    public var flow: SMSCodeFlow

    /// A texted code.
    public init(
        recipient: String, phoneNumber: PhoneNumber? = nil, verificationID: String, project: SessionProject,
        flow: SMSCodeFlow
    ) {
        self.recipient = recipient
        self.phoneNumber = phoneNumber
        self.verificationID = verificationID
        self.project = project
        self.flow = flow
    }
}

extension PendingPhoneVerification {
    /// This verification as the code sources see it.
    public var sentCode: SentSMSCode {
        SentSMSCode(
            recipient: phoneNumber.e164, phoneNumber: phoneNumber, verificationID: verificationID, project: project,
            flow: .phoneSignIn(phoneNumber))
    }
}
