#version 450
layout(location=0) out int x[];
layout(vertices=3) out;
void main(){
   gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = 1;
   gl_TessLevelInner[0] = 1;
   x[gl_InvocationID] = gl_InvocationID;
}
