//! Switch `vjr-cycle-screen`: before the first-cycle search (`first_cycle.rs`), a screen of
//! the middle region (the states outside the attractors W and L). Every cycle that search
//! can close lies in the middle region (its path never leaves it), hence inside one
//! strongly connected component of it. A sending-two-returning-one cycle (V-17) removes
//! stones of both colours, so it needs a component with an inner edge removing Black
//! stones and one removing White stones. Without such a component every infinite variation
//! is *undefined*, and the root, being in neither W nor L, is *undefined* (V-15's property:
//! with all cycles undefined the value is *yes* only in W and *no* only in L).

use super::state_graph::Graph;

/// Whether no strongly connected component of the states with `middle` set has inner
/// edges removing stones of both colours (Tarjan's algorithm, iterative).
pub(super) fn no_mixed_cycle(graph: &Graph, middle: &[bool]) -> bool {
    let n = graph.nodes.len();
    const UNSEEN: u32 = u32::MAX;
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut comp = vec![UNSEEN; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut counter = 0u32;
    let mut components = 0u32;
    for s in 0..n {
        if !middle[s] || order[s] != UNSEEN {
            continue;
        }
        // (node, next edge)
        let mut call: Vec<(u32, usize)> = vec![(s as u32, 0)];
        order[s] = counter;
        low[s] = counter;
        counter += 1;
        stack.push(s as u32);
        on_stack[s] = true;
        while let Some(&(v, i)) = call.last() {
            let succ = &graph.nodes[v as usize].succ;
            if i < succ.len() {
                let w = succ[i].to as usize;
                call.last_mut().expect("a frame").1 += 1;
                if !middle[w] {
                    continue;
                }
                if order[w] == UNSEEN {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    call.push((w as u32, 0));
                } else if on_stack[w] {
                    low[v as usize] = low[v as usize].min(order[w]);
                }
            } else {
                call.pop();
                let v = v as usize;
                if let Some(&(p, _)) = call.last() {
                    low[p as usize] = low[p as usize].min(low[v]);
                }
                if low[v] == order[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        comp[w as usize] = components;
                        if w as usize == v {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
    }
    let mut removes = vec![[false; 2]; components as usize];
    for v in 0..n {
        if !middle[v] {
            continue;
        }
        for e in &graph.nodes[v].succ {
            let w = e.to as usize;
            if middle[w] && comp[w] == comp[v] {
                let r = &mut removes[comp[v] as usize];
                r[0] |= e.removed[0] > 0;
                r[1] |= e.removed[1] > 0;
            }
        }
    }
    removes.iter().all(|r| !(r[0] && r[1]))
}
