package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// clockTick is the kernel's USER_HZ, 100 on every Linux the bench targets.
const clockTick = 100

// procCPU returns the CPU time (user + system) a process has used.
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command may hold spaces; fields count from after its ")".
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * time.Second / clockTick
}

// machineCPU returns the busy CPU time of all cores (all but idle and iowait).
func machineCPU() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	var busy int64
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		if i == 3 || i == 4 { // idle, iowait
			continue
		}
		busy += n
	}
	return time.Duration(busy) * time.Second / clockTick
}

// serverPID finds the server binary name listening on addr's port by its
// command line (the stack starts them through wrappers, so their pids are
// not known); 0 if there is none.
func serverPID(name, addr string) int {
	port := addr[strings.LastIndex(addr, ":")+1:]
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		b, err := os.ReadFile(d + "/cmdline")
		if err != nil {
			continue
		}
		args := strings.Split(string(b), "\x00")
		if len(args) < 3 || filepath.Base(args[0]) != name {
			continue
		}
		for i, a := range args[:len(args)-1] {
			if v := args[i+1]; a == "--port" && (v == port || strings.HasSuffix(v, ":"+port)) {
				pid, _ := strconv.Atoi(filepath.Base(d))
				return pid
			}
		}
	}
	return 0
}

// cpuSplit is where CPU time went during a measurement.
type cpuSplit struct {
	Temporal time.Duration `json:"temporal_ns"`
	S3       time.Duration `json:"s3_ns"`
	Worker   time.Duration `json:"worker_ns"`
	Bench    time.Duration `json:"bench_ns"` // stand-ins (model, E2B), S3 client, starters
	Machine  time.Duration `json:"machine_busy_ns"`
}

// cpuMeter measures cpuSplit between start and stop. The worker's share
// is that of every worker process given (one killed meanwhile counts
// nothing: its time is lost with it).
type cpuMeter struct {
	temporalPID, s3PID int
	workerPIDs         []int
	start              cpuSplit
	workerStart        []time.Duration
}

func (m *cpuMeter) now() cpuSplit {
	return cpuSplit{Temporal: procCPU(m.temporalPID), S3: procCPU(m.s3PID), Bench: procCPU(os.Getpid()), Machine: machineCPU()}
}

func (m *cpuMeter) workers() []time.Duration {
	d := make([]time.Duration, len(m.workerPIDs))
	for i, pid := range m.workerPIDs {
		d[i] = procCPU(pid)
	}
	return d
}

func newCPUMeter(temporalAddr, s3Endpoint string, workerPIDs ...int) *cpuMeter {
	return startCPUMeter(serverPID("temporal", temporalAddr), serverPID("versitygw", s3Endpoint), workerPIDs)
}

// cpuMeter is newCPUMeter of the env's servers: its Temporal server is
// env.temporalPID when the bench knows it (the cluster's).
func (e *env) cpuMeter(workerPIDs ...int) *cpuMeter {
	tpid := e.temporalPID
	if tpid == 0 {
		tpid = serverPID("temporal", e.temporal.Address)
	}
	return startCPUMeter(tpid, serverPID("versitygw", e.s3.Endpoint), workerPIDs)
}

func startCPUMeter(temporalPID, s3PID int, workerPIDs []int) *cpuMeter {
	m := &cpuMeter{temporalPID: temporalPID, s3PID: s3PID, workerPIDs: workerPIDs}
	m.start, m.workerStart = m.now(), m.workers()
	return m
}

func (m *cpuMeter) stop() cpuSplit {
	n := m.now()
	var worker time.Duration
	for i, d := range m.workers() {
		worker += max(0, d-m.workerStart[i])
	}
	return cpuSplit{Temporal: n.Temporal - m.start.Temporal, S3: n.S3 - m.start.S3, Worker: worker,
		Bench: n.Bench - m.start.Bench, Machine: n.Machine - m.start.Machine}
}

// String says where the machine's CPU went, e.g. "CPU: Temporal 40%, …".
func (c cpuSplit) String() string {
	if c.Machine <= 0 {
		return "CPU: n/a"
	}
	pct := func(d time.Duration) float64 { return 100 * d.Seconds() / c.Machine.Seconds() }
	other := c.Machine - c.Temporal - c.S3 - c.Worker - c.Bench
	return fmt.Sprintf("CPU of the machine's busy time: Temporal %.0f%%, S3 %.0f%%, worker %.0f%%, stand-ins+clients %.0f%%, other processes %.0f%%",
		pct(c.Temporal), pct(c.S3), pct(c.Worker), pct(c.Bench), pct(other))
}
