import Testing

@Test func mockRESTPlaceholder() { #expect(Bool(true)) }
