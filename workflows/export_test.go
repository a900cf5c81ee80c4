package workflows

// Unguarded is o with its changes' GetVersion guards dropped: the code a
// careless change would ship. Only the replay gate's own tests use it.
func Unguarded(o Options) Options {
	o.unguarded = true
	return o
}
