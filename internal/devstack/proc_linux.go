package devstack

import "syscall"

// sysProcAttr puts the child in its own process group and has the kernel
// kill it when the parent dies, so a killed test leaves no server behind.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
