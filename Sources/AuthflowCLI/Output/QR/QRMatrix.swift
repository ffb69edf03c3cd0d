import CQREncode

/// A QR code's modules, encoded by libqrencode (level M, smallest version that fits): `true` is dark.
struct QRMatrix: Equatable {
    /// Modules per side.
    let width: Int
    /// `width * width` modules, row by row.
    let modules: [Bool]

    /// Why `text` could not be encoded.
    struct Failure: Error {
        /// The errno libqrencode reported (ERANGE: too long).
        let code: Int32
    }

    /// A matrix of `width * width` modules given row by row.
    init(width: Int, modules: [Bool]) {
        self.width = width
        self.modules = modules
    }

    /// The QR code for `text`.
    init(encoding text: String) throws(Failure) {
        var width: Int32 = 0
        var error: Int32 = 0
        guard let data = authflow_qr_encode(text, &width, &error) else { throw Failure(code: error) }
        defer { authflow_qr_free(data) }
        let count = Int(width) * Int(width)
        self.width = Int(width)
        modules = (0..<count).map { data[$0] != 0 }
    }

    /// Whether the module at `row`, `column` is dark; outside the code (the quiet zone) everything is light.
    func isDark(row: Int, column: Int) -> Bool {
        guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
        return modules[row * width + column]
    }
}
