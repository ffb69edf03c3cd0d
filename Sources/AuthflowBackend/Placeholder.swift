/// Placeholder until the module lands.
enum BackendModule {}
