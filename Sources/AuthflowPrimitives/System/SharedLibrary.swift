import CSharedLibrary

/// A C library authflow opens on first use, by soname, instead of linking it at exec: a command pays only for
/// the libraries it uses (see the CSharedLibrary target).
public enum SharedLibrary: Sendable, Equatable, CaseIterable {
    /// libcurl, for every HTTP request.
    case curl
    /// libxml2, for HTML documents.
    case xml2
    /// libmicrohttpd, for the loopback listener.
    case microhttpd
    /// libqrencode, for QR codes in the terminal.
    case qrencode

    /// The soname opened, e.g. `libcurl.so.4`.
    public var soname: String { String(cString: authflow_library_soname(cLibrary)) }

    /// The Debian package that installs the soname, e.g. `libcurl4`.
    public var debianPackage: String { String(cString: authflow_library_package(cLibrary)) }

    /// Opens the library unless it is open already (once per process, thread-safely; afterwards an atomic load).
    /// Layers call this before their first call into the library, so a missing library is a typed error there
    /// rather than the loader's message and exit.
    public func load() throws(SharedLibraryUnavailable) {
        guard authflow_library_load(cLibrary) == 0 else { return }
        let reason = authflow_library_failure(cLibrary).map { String(cString: $0) } ?? "not found"
        throw SharedLibraryUnavailable(library: self, reason: reason)
    }

    /// Starts ``load()`` on a thread of its own and returns at once, for a caller that knows the library will be
    /// needed shortly, so the opening overlaps what it does meanwhile. The first ``load()`` waits for it if it is still
    /// under way (the opening is once-only), and a missing library is reported there, as without this call.
    public func loadInBackground() {
        DetachedThread.run { _ = try? load() }
    }

    private var cLibrary: authflow_library {
        switch self {
        case .curl: AUTHFLOW_LIBRARY_CURL
        case .xml2: AUTHFLOW_LIBRARY_XML2
        case .microhttpd: AUTHFLOW_LIBRARY_MICROHTTPD
        case .qrencode: AUTHFLOW_LIBRARY_QRENCODE
        }
    }
}

/// A C library that could not be opened: which one, and the loader's reason. The Debian package that installs
/// it is ``SharedLibrary/debianPackage``.
public struct SharedLibraryUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    /// The library that is missing or unreadable.
    public let library: SharedLibrary
    /// The dynamic loader's reason, e.g. `libcurl.so.4: cannot open shared object file: No such file or directory`.
    public let reason: String

    /// Makes the error; ``SharedLibrary/load()`` is what throws it.
    public init(library: SharedLibrary, reason: String) {
        self.library = library
        self.reason = reason
    }

    public var description: String {
        "\(library.soname) could not be loaded (\(reason)); the Debian package \(library.debianPackage) installs it."
    }
}
