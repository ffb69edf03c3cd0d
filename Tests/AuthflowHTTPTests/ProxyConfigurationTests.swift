import Testing

@testable import AuthflowHTTP

@Suite("Proxy resolution from the environment")
struct ProxyConfigurationTests {
    private func proxy(_ environment: [String: String], _ url: String) -> String? {
        ProxyConfiguration.fromEnvironment(environment).proxy(for: url)
    }

    @Test("Uppercase HTTP_PROXY is ignored (httpoxy); lowercase http_proxy is used")
    func httpProxyCase() {
        #expect(proxy(["HTTP_PROXY": "http://upper:1"], "http://example.com/") == nil)
        #expect(proxy(["http_proxy": "http://lower:1"], "http://example.com/") == "http://lower:1")
        #expect(proxy(["http_proxy": "http://lower:1"], "https://example.com/") == nil)
    }

    @Test("https_proxy wins over HTTPS_PROXY, which is accepted alone")
    func httpsProxyCase() {
        #expect(proxy(["HTTPS_PROXY": "http://upper:1"], "https://example.com/") == "http://upper:1")
        #expect(
            proxy(["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:1"], "https://example.com/")
                == "http://lower:1")
    }

    @Test("all_proxy, then ALL_PROXY, is the fallback for both schemes")
    func allProxyFallback() {
        #expect(proxy(["ALL_PROXY": "http://all:1"], "http://example.com/") == "http://all:1")
        #expect(proxy(["all_proxy": "http://a:1", "ALL_PROXY": "http://b:1"], "https://example.com/") == "http://a:1")
        #expect(
            proxy(["all_proxy": "http://a:1", "https_proxy": "http://s:1"], "https://example.com/") == "http://s:1")
    }

    @Test("A scheme variable set to empty means no proxy and does not fall back to all_proxy")
    func emptyDisables() {
        #expect(proxy(["http_proxy": "", "all_proxy": "http://all:1"], "http://example.com/") == nil)
        #expect(proxy(["https_proxy": "", "all_proxy": "http://all:1"], "https://example.com/") == nil)
    }

    @Test("no_proxy: exact names and subdomains, leading dots, case, CIDR, and *")
    func noProxyRules() {
        let environment = [
            "https_proxy": "http://p:1", "no_proxy": "example.com, .corp.invalid,10.0.0.0/8 2001:db8::/32",
        ]
        #expect(proxy(environment, "https://example.com/") == nil)
        #expect(proxy(environment, "https://API.Example.com/") == nil)
        #expect(proxy(environment, "https://badexample.com/") == "http://p:1")
        #expect(proxy(environment, "https://corp.invalid/") == nil)
        #expect(proxy(environment, "https://x.corp.invalid/") == nil)
        #expect(proxy(environment, "https://10.1.2.3/") == nil)
        #expect(proxy(environment, "https://11.1.2.3/") == "http://p:1")
        #expect(proxy(environment, "https://[2001:db8::5]/") == nil)
        #expect(proxy(["https_proxy": "http://p:1", "no_proxy": "*"], "https://anything.invalid/") == nil)
        #expect(proxy(["https_proxy": "http://p:1", "NO_PROXY": "example.com"], "https://example.com/") == nil)
        #expect(
            proxy(["https_proxy": "http://p:1", "no_proxy": "", "NO_PROXY": "example.com"], "https://example.com/")
                == "http://p:1")
    }

    @Test(
        "Loopback destinations always bypass the proxy",
        arguments: [
            "http://localhost:9099/", "http://LOCALHOST/", "http://127.0.0.1:9099/", "http://127.8.9.1/",
            "http://[::1]:9099/", "http://emulator.localhost/",
        ])
    func loopbackBypass(url: String) {
        #expect(proxy(["http_proxy": "http://p:1", "all_proxy": "http://p:1"], url) == nil)
    }

    @Test("Explicit configuration and .none")
    func explicit() {
        let configuration = ProxyConfiguration(
            httpProxy: "http://h:1", httpsProxy: "http://s:1", noProxy: ["skip.invalid"])
        #expect(configuration.proxy(for: "http://a.invalid/") == "http://h:1")
        #expect(configuration.proxy(for: "https://a.invalid/") == "http://s:1")
        #expect(configuration.proxy(for: "https://skip.invalid/") == nil)
        #expect(ProxyConfiguration.none.proxy(for: "https://a.invalid/") == nil)
        #expect(configuration.proxy(for: "not a url") == nil)
    }
}
