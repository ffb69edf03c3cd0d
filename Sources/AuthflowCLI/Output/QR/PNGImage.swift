/// A QR code as a PNG file: 8-bit greyscale, `scale` pixels per module, with the four-module quiet zone.
/// The image data goes in a zlib stream of stored (uncompressed) deflate blocks, so no compression library is
/// needed; a QR code is small enough that the file stays a few hundred kilobytes at most.
enum PNGImage {
    /// The PNG bytes for `matrix`.
    static func qrCode(_ matrix: QRMatrix, scale: Int = 8) -> [UInt8] {
        let modules = matrix.width + 2 * TerminalQRCode.quietZone
        let side = modules * scale
        var raw: [UInt8] = []
        raw.reserveCapacity((side + 1) * side)
        for y in 0..<side {
            raw.append(0) // filter type None
            let row = y / scale - TerminalQRCode.quietZone
            for x in 0..<side {
                raw.append(matrix.isDark(row: row, column: x / scale - TerminalQRCode.quietZone) ? 0 : 255)
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(side)) + bigEndian(UInt32(side))
        header += [8, 0, 0, 0, 0] // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951), at most 65535 bytes each.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            output.append(isLast ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return output + bigEndian(adler32(data))
    }

    /// Adler-32 (RFC 1950).
    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// CRC-32 (ISO 3309, as PNG uses it).
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }
}
