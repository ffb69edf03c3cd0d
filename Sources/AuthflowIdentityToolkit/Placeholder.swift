/// Placeholder until the module lands.
enum IdentityToolkitModule {}
