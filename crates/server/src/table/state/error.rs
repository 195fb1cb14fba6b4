//! Why an input was refused, or why the table could not go on, and what a client is told.

use wire::{ErrorCode, WireError};

use crate::store::StoreError;

/// Why an input was refused, or why the table could not go on. A refusal changes nothing.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("{0}")]
    Refused(ErrorCode),
    /// A refusal whose code covers more than one case, with the words of this one.
    #[error("{1}")]
    RefusedWith(ErrorCode, &'static str),
    #[error("{0}")]
    BadField(String),
    #[error(transparent)]
    Play(#[from] rules::PlayError),
    #[error("store: {0}")]
    Store(#[from] StoreError),
    #[error("the table is not running")]
    Gone,
}

impl From<ErrorCode> for TableError {
    fn from(c: ErrorCode) -> TableError {
        TableError::Refused(c)
    }
}

impl TableError {
    /// What the client is told. Internal failures are logged here, with their cause, and
    /// reach the client only as `internal`.
    pub fn into_wire(self) -> WireError {
        match self {
            TableError::Refused(c) => WireError::new(c),
            TableError::RefusedWith(c, message) => WireError::with_message(c, message),
            TableError::BadField(m) => WireError::with_message(ErrorCode::BadField, m),
            TableError::Play(e) => e.into(),
            // This node lost the table's lease: another node serves it now.
            TableError::Store(StoreError::Fenced(_)) => WireError::new(ErrorCode::TableMoved),
            TableError::Store(e) => {
                tracing::error!("store: {e}");
                WireError::new(ErrorCode::Internal)
            }
            TableError::Gone => WireError::with_message(ErrorCode::Internal, "the table restarted; send it again"),
        }
    }
}

pub type Result<T> = std::result::Result<T, TableError>;

/// A refusal with a specific message (kept short: clients show their own words).
pub(super) fn refused(code: ErrorCode) -> TableError {
    TableError::Refused(code)
}

impl From<TableError> for WireError {
    fn from(e: TableError) -> WireError {
        e.into_wire()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A write refused for a lost lease tells the client where to go; other store failures
    /// stay `internal`.
    #[test]
    fn a_lost_lease_is_table_moved() {
        let moved = TableError::Store(StoreError::Fenced("K3J9QW2M7XAB".into())).into_wire();
        assert_eq!(moved.code, ErrorCode::TableMoved);
        assert_eq!(moved.code.as_str(), "table-moved");
        let other = TableError::Store(StoreError::Corrupt("x".into())).into_wire();
        assert_eq!(other.code, ErrorCode::Internal);
    }
}
