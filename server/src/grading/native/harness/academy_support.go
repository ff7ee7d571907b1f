package main

// The academy's Go test runner, built with every submission beside the student's solution.go and the
// run's generated main: runs each test's call (in a goroutine, with a time limit) and prints what it
// returned as JSON, behind the run's mark (see outcomes.ts). It holds no expected value.

import (
	academyJSON "encoding/json"
	academyFmt "fmt"
	academyOS "os"
	academyRuntime "runtime"
	academyStrings "strings"
	academyTime "time"
)

var academyOut = academyOS.NewFile(1, "stdout")

func academyEmit(line string) {
	academyOut.WriteString("\n" + line + "\n")
}

func academyString(text string) string {
	encoded, _ := academyJSON.Marshal(text)
	return string(encoded)
}

// academyWhere names the line of solution.go a panic passed through, if it did.
func academyWhere() string {
	pcs := make([]uintptr, 64)
	frames := academyRuntime.CallersFrames(pcs[:academyRuntime.Callers(3, pcs)])
	for {
		frame, more := frames.Next()
		if frame.File == "solution.go" || academyStrings.HasSuffix(frame.File, "/solution.go") {
			return academyFmt.Sprintf(" (solution.go, line %d)", frame.Line)
		}
		if !more {
			return ""
		}
	}
}

func academyRunOne(call func() any) (line string) {
	defer func() {
		if recovered := recover(); recovered != nil {
			line = "{\"error\":" + academyString(academyFmt.Sprintf("panic: %v%s", recovered, academyWhere())) + "}"
		}
	}()
	value := call()
	encoded, err := academyJSON.Marshal(value)
	if err != nil {
		return "{\"error\":" + academyString("the result could not be written as JSON: "+err.Error()) + "}"
	}
	return "{\"value\":" + string(encoded) + "}"
}

func academyRun(mark string, millis int, calls []func() any, errors []string) {
	for i, call := range calls {
		academyEmit(academyFmt.Sprintf("%s start %d", mark, i))
		if errors[i] != "" {
			academyEmit(academyFmt.Sprintf("%s result %d {\"error\":%s}", mark, i, academyString(errors[i])))
			continue
		}
		done := make(chan string, 1)
		go func(call func() any) { done <- academyRunOne(call) }(call)
		select {
		case line := <-done:
			academyEmit(academyFmt.Sprintf("%s result %d %s", mark, i, line))
		case <-academyTime.After(academyTime.Duration(millis) * academyTime.Millisecond):
			text := academyFmt.Sprintf("Time limit exceeded: the test ran over %d ms", millis)
			academyEmit(academyFmt.Sprintf("%s result %d {\"error\":%s}", mark, i, academyString(text)))
			academyOS.Exit(0)
		}
	}
	academyOS.Exit(0)
}
