package workflows

// Unguarded is o with the GetVersion guards of its changes dropped: the
// code a careless change would ship, which the replay gate must refuse.
func Unguarded(o Options) Options {
	o.unguarded = true
	return o
}

// CapacityBackoff is capacityBackoff, for tests.
var CapacityBackoff = capacityBackoff

// ActivityOptionsByName is the table of activity options.
var ActivityOptionsByName = activityOptionsByName

// WaitInLine is the version of ChangeWaitForSandbox that waits in the
// pool's line.
const WaitInLine = waitInLine
