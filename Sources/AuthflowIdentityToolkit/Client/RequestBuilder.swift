import AuthflowHTTP
import AuthflowPrimitives

/// Turns a typed request into the exact HTTP request the SDKs would send.
struct RequestBuilder {
    let configuration: IdentityToolkitConfiguration

    func httpRequest<R: IdentityToolkitRequest>(
        for request: R, appCheckToken: String? = nil
    ) throws(IdentityToolkitError) -> HTTPRequest {
        let body = try request.encodedBody()
        var headers = [HTTPHeader(name: "X-Client-Version", value: configuration.clientVersion)]
        if let contentType = body.contentType { headers.append(HTTPHeader(name: "Content-Type", value: contentType)) }
        if let appID = nonEmpty(configuration.appID) {
            headers.append(HTTPHeader(name: "X-Firebase-GMPID", value: appID))
        }
        if let locale = nonEmpty(configuration.locale) {
            headers.append(HTTPHeader(name: "X-Firebase-Locale", value: locale))
        }
        if let bundle = nonEmpty(configuration.iosBundleID) {
            headers.append(HTTPHeader(name: "X-Ios-Bundle-Identifier", value: bundle))
        }
        if let appCheckToken = nonEmpty(appCheckToken) {
            headers.append(HTTPHeader(name: HTTPHeader.appCheckFieldName, value: appCheckToken))
        }
        headers += keyRestrictionHeaders()
        if let language = nonEmpty(configuration.acceptLanguage) {
            headers.append(HTTPHeader(name: "Accept-Language", value: language))
        }
        return HTTPRequest(
            method: R.endpoint.method,
            url: url(for: R.endpoint, resource: request.resourcePath, query: request.queryItems),
            headers: headers,
            body: body.bytes
        )
    }

    /// `<base>/<version>/<path>?key=<apiKey>[&more]`, where the base is `https://<service host>` in production
    /// and `http://<emulator>/<service host>` for the emulator; App Check's base is its own service's, or the
    /// configured ``IdentityToolkitConfiguration/appCheckEndpoint``, whatever the Auth server. With a resource,
    /// the path is `<resource>:<method>` (App Check's `projects/<id>/apps/<appId>:exchangeDebugToken`).
    func url(for endpoint: Endpoint, resource: String? = nil, query: [QueryItem]) -> String {
        let base: String
        switch (configuration.server, endpoint.service, configuration.appCheckEndpoint) {
        case (_, .appCheck, let appCheck?):
            base = appCheck.base
        case (.production, _, _), (.emulator, .appCheck, nil):
            base = "\(configuration.productionScheme)://\(endpoint.service.host)"
        case (.emulator(let hostAndPort), _, _):
            base = "http://\(hostAndPort)/\(endpoint.service.host)"
        }
        let items = [QueryItem(name: "key", value: configuration.apiKey)] + query
        let path = resource.map { "\($0):\(endpoint.path)" } ?? endpoint.path
        return "\(base)/\(endpoint.service.version)/\(path)?\(items.formEncoded)"
    }

    /// The headers API-key application restrictions look at: the Android app (package and signing
    /// certificate, as the Android SDKs send them) and the web page (`Referer`).
    private func keyRestrictionHeaders() -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        if let package = nonEmpty(configuration.androidPackage) {
            headers.append(HTTPHeader(name: "X-Android-Package", value: package))
            if let certificate = nonEmpty(configuration.androidCertificateSHA1) {
                headers.append(HTTPHeader(name: "X-Android-Cert", value: certificate))
            }
        }
        if let referrer = nonEmpty(configuration.referrer) {
            headers.append(HTTPHeader(name: "Referer", value: referrer))
        }
        return headers
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
