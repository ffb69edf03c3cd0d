import ArgumentParser
import AuthflowCore

/// The device clients `oauth sign-in --device` runs as, and where their endpoints are: each flag also has an
/// environment variable and a key in the user's own configuration file (never in a file found in the working
/// directory).
struct DeviceClientOptions: ParsableArguments {
    @Option(
        name: .customLong("github-device-client-id"),
        help: ArgumentHelp("The client ID of the GitHub OAuth app with device flow enabled.", valueName: "id"))
    var githubClientID: String?

    @Option(
        name: .customLong("google-device-client-id"),
        help: ArgumentHelp("The client ID of a Google \"TVs and Limited Input devices\" client.", valueName: "id"))
    var googleClientID: String?

    @Option(
        name: .customLong("google-device-client-secret"),
        help: ArgumentHelp("That Google client's client secret.", valueName: "secret"))
    var googleClientSecret: String?

    @Option(name: .customLong("facebook-app-id"), help: ArgumentHelp("The Facebook app ID.", valueName: "id"))
    var facebookAppID: String?

    @Option(
        name: .customLong("facebook-client-token"),
        help: ArgumentHelp("The Facebook app's client token.", valueName: "token"))
    var facebookClientToken: String?

    @Option(
        name: .customLong("oidc-device-client-id"),
        help: ArgumentHelp("The client ID of a device-flow client at the OIDC provider.", valueName: "id"))
    var oidcClientID: String?

    @Option(
        name: .customLong("oidc-issuer"),
        help: ArgumentHelp(
            "The OIDC provider's issuer URL (its discovery document names the endpoints).",
            valueName: "url"))
    var oidcIssuer: String?

    @Option(
        name: .customLong("device-endpoint-base"),
        help: ArgumentHelp(
            "Ask the GitHub, Google and Facebook device endpoints under this base URL instead "
                + "(BASE/github.com/login/device/code, …), e.g. a stand-in.", valueName: "url"))
    var endpointBase: String?

    /// The flags as a configuration layer.
    var flagLayer: ConfigurationLayer {
        .flags([
            (.githubDeviceClientID, githubClientID), (.googleDeviceClientID, googleClientID),
            (.googleDeviceClientSecret, googleClientSecret), (.facebookAppID, facebookAppID),
            (.facebookClientToken, facebookClientToken), (.oidcDeviceClientID, oidcClientID),
            (.oidcIssuer, oidcIssuer), (.deviceEndpointBase, endpointBase),
        ])
    }
}
