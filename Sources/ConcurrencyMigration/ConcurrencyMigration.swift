// The documentation target: it carries the guide as a DocC catalog (ConcurrencyMigration.docc,
// written by `swift run guide` from the same sources as Guide/) so that the Swift Package Index
// can build and host it (.spi.yml). It declares nothing; the recipes are in Legacy and Modern.
