"""if_chain.py N: a .mir module whose entry @f calls @g1 through both
branches of If(Bool(1), @g1, @g1, x); @gk adds its input to itself and
calls @g(k+1) the same way; @gN calls @leaf (tests/passes/inline/if_chain.mir)."""
import sys
n=int(sys.argv[1])
T='<Tensor[Float32], (2)>'
out=['# IR entry: @f','# Total subgraphs: %d'%(n+2),'# Total params: 1','# Params:','%para1_x: '+T,'']
cond='Bool(1)'
out+=['subgraph @f() {','  %%0(CNode_0) = If(%s, @g1, @g1, %%para1_x)'%cond,'      : (<Bool, NoShape>, %s) -> (%s)'%(T,T),'  Return(%0)','      : (%s)'%T,'}','']
p=3
for k in range(1,n+1):
    nxt='g%d'%(k+1) if k<n else 'leaf'
    out+=['subgraph @g%d(%%para%d_a: %s) {'%(k,p,T),
          '  %%0(CNode_0) = PrimFunc_Add(%%para%d_a, %%para%d_a)'%(p,p),'      : (%s, %s) -> (%s)'%(T,T,T),
          '  %%1(CNode_1) = If(%s, @%s, @%s, %%0)'%(cond,nxt,nxt),'      : (<Bool, NoShape>, %s) -> (%s)'%(T,T),
          '  Return(%1)','      : (%s)'%T,'}','']
    p+=1
out+=['subgraph @leaf(%%para%d_a: %s) {'%(p,T),'  Return(%%para%d_a)'%p,'      : (%s)'%T,'}']
print('\n'.join(out))
