extension SessionProject {
    /// The project as messages name it: `my-project`, `my-project (tenant t1)`,
    /// `demo (emulator 127.0.0.1:9099)`.
    public var label: String {
        var label = projectID
        if let tenantID { label += " (tenant \(tenantID))" }
        if let emulatorHost { label += " (emulator \(emulatorHost))" }
        return label
    }
}
