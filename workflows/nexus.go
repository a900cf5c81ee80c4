package workflows

// Nexus names; the contract's (package api).
const ()
