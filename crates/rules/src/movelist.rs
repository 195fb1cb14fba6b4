//! A list of moves on the stack, so move generation never touches the heap.

use std::ops::Deref;

/// At most `N` items of a `Copy` type, kept inline.
#[derive(Clone, Copy)]
pub struct MoveList<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> MoveList<T, N> {
    #[inline]
    pub fn new() -> Self {
        MoveList { items: [T::default(); N], len: 0 }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds an item.
    ///
    /// # Panics
    /// When the list is full; `N` is chosen above the most moves a position can have.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }

    /// Keeps the items for which `keep` is true, in order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let it = self.items[i];
            if keep(&it) {
                self.items[j] = it;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl<T: Copy + Default, const N: usize> Default for MoveList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for MoveList<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for MoveList<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
