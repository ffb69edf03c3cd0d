import Testing

@testable import AuthflowHTTP

@Suite("Address classification")
struct AddressClassificationTests {
    @Test(
        "Non-public addresses are refused",
        arguments: [
            "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.255", "127.0.0.1",
            "127.5.6.7", "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.168.1.1", "192.0.2.1",
            "198.18.0.1", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
            "::", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "ff02::1", "2001:db8::1",
            "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1",
            "64:ff9b::a00:1", "2002:c0a8:0101::1", "[::1]", "fe80::1%eth0",
        ])
    func blocked(literal: String) throws {
        let address = try #require(IPAddress(literal: literal))
        #expect(!address.isPublic)
    }

    @Test(
        "Public addresses pass",
        arguments: [
            "1.1.1.1", "8.8.8.8", "100.63.255.255", "100.128.0.1", "172.15.255.255", "172.32.0.1", "192.169.0.1",
            "2606:4700:4700::1111", "2a00:1450:4001::1", "::ffff:8.8.8.8", "64:ff9b::808:808",
        ])
    func allowed(literal: String) throws {
        let address = try #require(IPAddress(literal: literal))
        #expect(address.isPublic)
    }

    @Test("Names are not literals, and literals print canonically")
    func parsing() throws {
        #expect(IPAddress(literal: "localhost") == nil)
        #expect(IPAddress(literal: "1.2.3") == nil)
        #expect(try #require(IPAddress(literal: "[0:0::1]")).description == "::1")
        #expect(try #require(IPAddress(literal: "::ffff:7f00:1")).isLoopback)
    }
}
