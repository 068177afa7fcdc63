#version 450
layout(location=0) in int x; /* attrib provided float */
void main(){
   gl_Position = vec4(x);
}
