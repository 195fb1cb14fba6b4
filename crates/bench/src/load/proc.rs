//! What the load generator reads of processes: the open-file limit, CPU time and memory
//! from `/proc`, and percentiles of the measured round trips.

use std::time::Instant;

use anyhow::bail;

/// Raises this process's open-file limit (soft, and hard when allowed) to at least `want`;
/// children inherit it. Returns the soft limit now in force.
pub fn raise_nofile(want: u64) -> anyhow::Result<u64> {
    let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit/setrlimit only read and write the struct we pass.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            bail!("getrlimit: {}", std::io::Error::last_os_error());
        }
        if lim.rlim_cur >= want {
            return Ok(lim.rlim_cur);
        }
        let raised = libc::rlimit { rlim_cur: want, rlim_max: lim.rlim_max.max(want) };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
            return Ok(want);
        }
        // Not allowed above the hard limit: take all of it.
        let capped = libc::rlimit { rlim_cur: lim.rlim_max, rlim_max: lim.rlim_max };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &capped) != 0 {
            bail!("setrlimit: {}", std::io::Error::last_os_error());
        }
        Ok(lim.rlim_max)
    }
}

/// CPU seconds (user + system) used so far by process `pid`.
pub fn cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0.0 };
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    ticks / hz
}

/// Resident memory of process `pid` in MiB.
pub fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kib| kib / 1024.0)
}

/// Samples a process's CPU over a window.
pub struct CpuWindow {
    pid: u32,
    cpu: f64,
    at: Instant,
}

impl CpuWindow {
    pub fn start(pid: u32) -> CpuWindow {
        CpuWindow { pid, cpu: cpu_seconds(pid), at: Instant::now() }
    }

    /// Percent of one core used since `start`.
    pub fn percent(&self) -> f64 {
        100.0 * (cpu_seconds(self.pid) - self.cpu) / self.at.elapsed().as_secs_f64()
    }
}

pub fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i] as f64 / 1000.0
}
