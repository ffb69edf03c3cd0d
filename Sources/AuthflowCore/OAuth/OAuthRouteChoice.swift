import AuthflowListener

/// How an OAuth sign-in reaches the provider: decided once, from the route asked for, the provider, the
/// configured device clients and whether a browser can be launched on this machine.
public enum OAuthRouteChoice: Sendable, Equatable {
    /// A browser route: the one asked for, or the provider's standard one.
    case browser(OAuthRoute)
    /// The device authorization grant (RFC 8628). `headless` is nil when it was asked for; otherwise it says
    /// why no browser can be launched here, which made it the route on its own.
    case device(headless: NoBrowserReason?)
}

extension OAuthSignIn {
    /// The route for `provider`. The device grant when `device` asks for it; else the `route` asked for; else,
    /// where `presentation` says no browser can be launched here, the device grant if the provider has one and
    /// its device client is configured (a browser route would only print an address to open elsewhere); else
    /// the provider's standard browser route.
    public func routeChoice(
        for provider: OAuthProvider, device: Bool, route: OAuthRoute?, presentation: BrowserPresentation
    ) -> OAuthRouteChoice {
        if device { return .device(headless: nil) }
        if let route { return .browser(route) }
        if case .headless(let reason) = presentation, deviceRouteConfigured(provider) {
            return .device(headless: reason)
        }
        return .browser(.standard(for: provider, emulator: environment.configuration.emulatorHost != nil))
    }

    /// Whether `provider` has a device route into Firebase and the configuration names everything it needs:
    /// the device client (with its secret where the provider wants one) and, for an OIDC provider, the issuer.
    public func deviceRouteConfigured(_ provider: OAuthProvider) -> Bool {
        let configuration = environment.configuration
        guard Self.hasDeviceRoute(provider),
            (try? DeviceGrantClient.configured(for: provider, in: configuration)) != nil
        else { return false }
        return provider.family != .oidc || configuration[.oidcIssuer] != nil
    }
}
