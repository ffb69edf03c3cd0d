import AuthflowParsing

extension ProjectConfiguration {
    /// The custom scheme hosted pages send this app's callbacks to: the reversed iOS client ID when there is
    /// one, else `app-` and the app ID. On iOS the client ID counts only if the app registered its reversed
    /// form; on Linux authflow registers whichever it uses (`authflow register-scheme`), so a configured
    /// client ID always wins, as it does for the emulator's widget.
    public var callbackScheme: CallbackScheme? {
        if let clientID = self[.clientID], let scheme = CallbackScheme(clientID: clientID) { return scheme }
        if let appID = self[.appID], let scheme = CallbackScheme(appID: appID) { return scheme }
        return nil
    }
}
