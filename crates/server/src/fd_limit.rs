//! The process's open-file limit. Every connection holds a descriptor; the soft limit a
//! process starts with is often 1,024, far under the hard limit the system allows it, and a
//! server that reaches it can accept nothing (`accept error: Too many open files`). At start
//! the server raises its soft limit to the hard one.

use std::io;

/// Raises the soft limit on open files to the hard limit; returns `(before, after)`.
#[cfg(unix)]
// `rlim_t` is `u64` on Linux but not on every Unix.
#[allow(clippy::unnecessary_cast)]
pub fn raise_to_hard() -> io::Result<(u64, u64)> {
    let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: `getrlimit` writes one `rlimit` through a valid pointer.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let before = lim.rlim_cur;
    if lim.rlim_cur < lim.rlim_max {
        lim.rlim_cur = lim.rlim_max;
        // SAFETY: `setrlimit` reads one `rlimit` through a valid pointer.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &lim) } != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok((before as u64, lim.rlim_cur as u64))
}

/// Elsewhere the limit is left as it is.
#[cfg(not(unix))]
pub fn raise_to_hard() -> io::Result<(u64, u64)> {
    Ok((0, 0))
}

#[cfg(all(test, unix))]
mod tests {
    #[test]
    #[allow(clippy::unnecessary_cast)]
    fn the_soft_limit_ends_at_the_hard_one() {
        let (_, after) = super::raise_to_hard().unwrap();
        let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) }, 0);
        assert_eq!((lim.rlim_cur as u64, after), (lim.rlim_max as u64, lim.rlim_max as u64));
    }
}
