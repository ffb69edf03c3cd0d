import AuthflowPrimitives

/// Cleaning of link text as people paste it, before any parsing.
public enum LinkInput {
    /// Longest link accepted (4 MiB): far beyond any real link, small enough to bound the work per input.
    public static let maximumLength = 4 * 1024 * 1024

    /// Validates `text` and returns the link in it: surrounding white space, quotes and `<…>` removed, line
    /// breaks inside removed (mail clients wrap long links), and HTML-escaped `&amp;` turned back into `&`.
    public static func normalize(_ text: String) throws(LinkInputError) -> String {
        var bytes = Array(text.utf8)
        try normalize(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes `bytes` as UTF-8 and normalises it.
    public static func normalize(bytes: some Collection<UInt8>) throws(LinkInputError) -> String {
        var buffer = Array(bytes)
        try normalize(validating: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// ``normalize(bytes:)`` in place, without a `String`: a batch reads each line into the unwrapper's buffer
    /// and checks and cleans it there. Invalid UTF-8 is unusable input. Returns whether the link is all ASCII
    /// (nearly every one is; the unwrapper then need not look for other bytes again).
    @discardableResult
    static func normalize(validating bytes: inout [UInt8]) throws(LinkInputError) -> Bool {
        // One pass finds whether the line is ASCII (then valid UTF-8) and whether it holds controls.
        let (isASCII, hasControls) = bytes.withUnsafeBufferPointer(asciiAndControls)
        guard isASCII || bytes.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) != nil }) else {
            throw .invalidUTF8
        }
        try normalize(&bytes, hadControls: hasControls)
        return isASCII
    }

    /// ``normalize(_:)`` on valid UTF-8, in place: the one set of checks behind every entry; `hadControls` says
    /// whether `bytes` hold a control, when the caller has looked already.
    private static func normalize(_ bytes: inout [UInt8], hadControls known: Bool? = nil) throws(LinkInputError) {
        guard bytes.count <= maximumLength else {
            throw .tooLong(length: bytes.count, limit: maximumLength)
        }
        // One scan for controls when there are none (nearly every line): tidying then has none to remove.
        let hadControls = known ?? bytes.withUnsafeBufferPointer(containsControl)
        tidy(&bytes, from: 0, mayHoldControls: hadControls)
        guard !bytes.isEmpty else { throw .empty }
        if hadControls, bytes.withUnsafeBufferPointer(containsControl) { throw .controlCharacters }
        guard bytes.withUnsafeBufferPointer(URLParts.hasScheme(bytes:)) else {
            let link = String(decoding: bytes, as: UTF8.self)
            throw .notAURL(preview: String(link.prefix(40)) + (link.count > 40 ? "…" : ""))
        }
    }

    /// Whether every byte is ASCII, and whether a C0 control or DEL occurs, in one pass sixteen bytes at a time as
    /// `SIMD16` vectors (the bytes or-ed together for the top bit; ``controls(in:)`` for the controls, exactly),
    /// the last few one by one.
    private static func asciiAndControls(_ buffer: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, hasControls: Bool) {
        guard let base = buffer.baseAddress else { return (true, false) }
        let raw = UnsafeRawPointer(base)
        var seen = SIMD16<UInt8>(repeating: 0)
        var found = SIMDMask<SIMD16<Int8>>(repeating: false)
        var index = 0
        while index + 16 <= buffer.count {
            let vector = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            seen |= vector
            found .|= controls(in: vector)
            index += 16
        }
        var hasControls = anySet(found)
        var high = anySet(seen .>= SIMD16(repeating: 0x80))
        while index < buffer.count {
            let byte = buffer[index]
            if byte >= 0x80 { high = true }
            if byte < 0x20 || byte == 0x7F { hasControls = true }
            index += 1
        }
        return (!high, hasControls)
    }

    /// The lanes of `vector` that hold a C0 control or DEL (constants as vectors: a scalar operand made the
    /// compiler compare lane by lane).
    @inline(__always)
    private static func controls(in vector: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        (vector & SIMD16(repeating: 0xE0) .== SIMD16(repeating: 0)) .| (vector .== SIMD16(repeating: 0x7F))
    }

    /// Whether any lane is set, as AuthflowPrimitives' `hasSetLane` reads it; a copy of its two lines, because
    /// that `@inlinable` property used from this module made `asciiAndControls` ~2 M instructions slower per
    /// 10,000 links (callgrind).
    @inline(__always)
    private static func anySet(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let lanes = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
    }

    /// The cleaning part of ``normalize(_:)``, applied in place to the bytes of `bytes` from `start` on; also
    /// applied to every nested link, where the unwrapper decoded it. Only ASCII bytes are removed, so valid UTF-8
    /// stays valid.
    ///
    /// `mayHoldControls: false` says the bytes were just found to hold no control character (line breaks and tabs
    /// included), so that they are not looked for again.
    static func tidy(_ bytes: inout [UInt8], from start: Int, mayHoldControls: Bool = true) {
        let needed = bytes.withUnsafeBufferPointer {
            needsTidying(UnsafeBufferPointer(rebasing: $0[start...]), mayHoldControls: mayHoldControls)
        }
        guard needed else { return }
        var write = start
        for read in start..<bytes.count {
            let byte = bytes[read]
            guard byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), byte != UInt8(ascii: "\t") else { continue }
            bytes[write] = byte
            write += 1
        }
        var lower = start
        var upper = write
        while lower < upper, isTrimmable(bytes[lower]) { lower += 1 }
        while upper > lower, isTrimmable(bytes[upper - 1]) { upper -= 1 }
        // `&amp;` back to `&`, left to right, shifting the rest down to `start`.
        write = start
        var read = lower
        while read < upper {
            if bytes[read] == UInt8(ascii: "&"), read + 5 <= upper, bytes[read + 1] == UInt8(ascii: "a"),
                bytes[read + 2] == UInt8(ascii: "m"), bytes[read + 3] == UInt8(ascii: "p"),
                bytes[read + 4] == UInt8(ascii: ";")
            {
                bytes[write] = UInt8(ascii: "&")
                read += 5
            } else {
                bytes[write] = bytes[read]
                read += 1
            }
            write += 1
        }
        bytes.removeSubrange(write...)
    }

    /// Whether ``tidy(_:from:)`` changes anything: a trimmable byte at either end, or a line break, tab or `&amp;`
    /// inside. One pass, no allocation (the common link needs nothing).
    private static func needsTidying(_ buffer: UnsafeBufferPointer<UInt8>, mayHoldControls: Bool) -> Bool {
        guard let first = buffer.first, let last = buffer.last else { return false }
        if isTrimmable(first) || isTrimmable(last) { return true }
        // Line breaks and tabs are C0 controls, looked for eight bytes at a time (a control that is neither is
        // left for the control check); `&` is found hop by hop with memchr.
        if mayHoldControls, containsControl(buffer),
            buffer.firstOffset(of: UInt8(ascii: "\n")) != nil || buffer.firstOffset(of: UInt8(ascii: "\r")) != nil
                || buffer.firstOffset(of: UInt8(ascii: "\t")) != nil
        {
            return true
        }
        // `&amp;` needs a `;`, which links seldom hold: one memchr instead of one per `&`.
        guard buffer.firstOffset(of: UInt8(ascii: ";")) != nil else { return false }
        var next = 0
        while let ampersand = buffer.firstOffset(of: UInt8(ascii: "&"), from: next) {
            if ampersand + 4 < buffer.count, buffer[ampersand + 1] == UInt8(ascii: "a"),
                buffer[ampersand + 2] == UInt8(ascii: "m"), buffer[ampersand + 3] == UInt8(ascii: "p"),
                buffer[ampersand + 4] == UInt8(ascii: ";")
            {
                return true
            }
            next = ampersand + 1
        }
        return false
    }

    /// Whether a C0 control or DEL occurs, sixteen bytes at a time (``controls(in:)``), the last few one by one.
    private static func containsControl(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 16 <= buffer.count {
            if anySet(controls(in: raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))) { return true }
            index += 16
        }
        return UnsafeBufferPointer(rebasing: buffer[index...]).contains { $0 < 0x20 || $0 == 0x7F }
    }

    private static func isTrimmable(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
