/// Which addresses the client may connect to: a guard against server-side request forgery when URLs come
/// from untrusted input (for example a short link that redirects into the local network).
public enum AddressPolicy: Sendable, Hashable {
    /// No restriction.
    case any
    /// Refuse loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses, checked on
    /// the address actually connected to so DNS answers cannot bypass it. Hosts in `allowedHosts` (lowercase,
    /// without port) are exempt. When a proxy carries the request only literal IP hosts in the URL are checked,
    /// because the connection itself goes to the proxy the user chose.
    case publicOnly(allowedHosts: Set<String>)
}
