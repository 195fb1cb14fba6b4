//! The live tables of this node: a map from invite code to the handle of its actor. A table
//! is started on first use (after checking the group exists) and stops itself when idle.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::Ctx;
use crate::store::StoreError;
use crate::table::{self, TableHandle};

#[derive(Debug)]
pub struct Registry {
    ctx: Ctx,
    tables: Mutex<HashMap<String, TableHandle>>,
}

impl Registry {
    pub fn new(ctx: Ctx) -> Registry {
        Registry { ctx, tables: Mutex::new(HashMap::new()) }
    }

    fn running(&self, code: &str) -> Option<TableHandle> {
        self.tables.lock().expect("registry lock").get(code).filter(|h| h.is_alive()).cloned()
    }

    /// The table of group `code`, started if needed; `None` when there is no such group.
    pub async fn get(&self, code: &str) -> Result<Option<TableHandle>, StoreError> {
        if let Some(h) = self.running(code) {
            return Ok(Some(h));
        }
        if !crate::ids::looks_like_code(code) || self.ctx.store.group(code).await?.is_none() {
            return Ok(None);
        }
        let mut map = self.tables.lock().expect("registry lock");
        map.retain(|_, h| h.is_alive());
        let h = map.entry(code.to_string()).or_insert_with(|| table::spawn(code.to_string(), self.ctx.clone()));
        Ok(Some(h.clone()))
    }

    /// Starts the table of every unfinished game (after a restart), so clocks and CPU seats
    /// run again without waiting for a client. Returns how many.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let codes = self.ctx.store.groups_playing().await?;
        for code in &codes {
            self.get(code).await?;
        }
        Ok(codes.len())
    }

    /// Tables running now.
    pub fn len(&self) -> usize {
        self.tables.lock().expect("registry lock").values().filter(|h| h.is_alive()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
