import AuthflowCore

extension CommandContext {
    /// The signed-in user's second factors; nobody signed in is a refusal (1) that says how to sign in.
    func enrolledFactorService() throws(CommandFailure) -> EnrolledFactorService {
        _ = try requireSession()
        return EnrolledFactorService(try flowEnvironment())
    }
}
