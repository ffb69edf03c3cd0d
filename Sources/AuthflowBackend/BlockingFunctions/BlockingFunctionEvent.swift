/// The events a blocking function can be registered for in the project config
/// (`blockingFunctions.triggers.<event>.functionUri`); the emulator has no others.
enum BlockingFunctionEvent: String, CaseIterable, Sendable {
    case beforeCreate
    case beforeSignIn
}
