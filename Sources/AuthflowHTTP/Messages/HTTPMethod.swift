/// An HTTP request method.
///
/// A struct rather than an enum so callers can send methods this package does not list.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable {
    /// The method token as sent on the request line.
    public var rawValue: String

    /// Wraps any method token; it is sent verbatim.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: headers only, no body is read.
    public static let head = HTTPMethod(rawValue: "HEAD")
}
